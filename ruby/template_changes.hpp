#pragma once

// What a template's Ruby changed in place among the variables it was given.

#include <ruby.h>

#include <string_view>

namespace marionette::ruby {

/// In Puppet a template's @list IS the variable's Array: `@list << x` changes the variable, and
/// the class's or defined type's parameter it is bound to. `sent` is the Hash of variables as
/// marionette sent it (wire format) and `variables` that Hash decoded, after the template ran:
/// each Array or Hash whose value is no longer what was sent goes back to marionette (the
/// host's replace_variable). Runs inside rb_protect, on Ruby's thread; raises as a call back
/// does when marionette refuses.
void hand_back_changed_variables(std::string_view sent, VALUE variables);

}  // namespace marionette::ruby
