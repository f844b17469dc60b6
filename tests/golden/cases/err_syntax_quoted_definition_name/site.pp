# A class's name written as a string: Puppet's grammar refuses it by its own message.
class 'app::config':
  value => 1,
}
