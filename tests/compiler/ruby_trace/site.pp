# MARIONETTE_TRACE_RUBY=1 names what a compile hands to Ruby: this template (a `for` loop is
# beyond the native engine), once though it is rendered twice; the native one is not named.
notice(inline_template("<%- for x in [1] do; end -%>x"))
notice(inline_template("<%- for y in [2] do; end -%>x"))
notice(inline_template("<%= 1 + 1 %>"))
