# MARIONETTE_TRACE_RUBY=1 names what a compile hands to Ruby: this template (scope.setvar is
# beyond the native engine), once though it is rendered twice; the native one is not named.
notice(inline_template("<%- scope.setvar('shared', {}) -%>x"))
notice(inline_template("<%- scope.setvar('other', {}) -%>x"))
notice(inline_template("<%= 1 + 1 %>"))
