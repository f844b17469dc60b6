notify { 'flags':
  message => [rn::flag(true), rn::flag(false), rn::flag(undef), rn::flag('TRUE'), rn::flag('False'),
              rn::flag('mail')],
}
notify { 'rules':
  message => rn::rules(['host all all 10.0.0.1/32 md5', 'local all postgres ident map=x extra', 'host db u 127.0.0.1/8 md5'], 'web', 5),
}
notify { 'rule': message => rn::rules('host all all 10.0.0.1/32 md5') }
notify { 'hashes': message => rn::hashes('postgres', 'secret') }
notify { 'hashes number': message => rn::hashes(42, '') }
notify { 'joined': message => rn::joined(['a', 'b', 1]) }
notify { 'refused': message => rn::refused('no') }
notify { 'memory': message => [rn::memory('50%'), rn::memory(undef)] }
