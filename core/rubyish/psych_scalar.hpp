#pragma once

#include <nlohmann/json.hpp>
#include <string_view>

namespace marionette::rubyish {

/// What a plain (unquoted, untagged) YAML scalar is to Ruby's Psych 4, which Puppet reads Hiera
/// data and YAML facts with (Psych::ScalarScanner#tokenize). It is YAML 1.1 with Psych's own
/// turns, all checked against Puppet 7.23: `yes`/`no`/`on`/`off` in any case are booleans,
/// `NuLL` and `~` null; `0755` is octal, `1_000` and `1,000` are 1000, `0b101` binary; `12:30`
/// is base 60 as Psych computes it (45000: the first part counts hours); a float needs a dot
/// (`1e3` and `1.0e3` stay strings), `.iNf` is infinite; `08` and `0o17` are strings.
enum class PsychScalarKind {
  Value,   ///< null, a boolean, a number or a string: the value
  Date,    ///< `2024-01-31`: a Ruby Date, which Puppet's safe YAML loading refuses
  Time,    ///< `2001-12-14 21:59:43.10 -5`: a Ruby Time, refused likewise
  Symbol,  ///< `:name`: a Ruby Symbol, which Puppet's Hiera refuses as a value
};

struct PsychScalar {
  PsychScalarKind kind = PsychScalarKind::Value;
  nlohmann::ordered_json value;  ///< for the other kinds, the text as a string
};

PsychScalar psych_scalar(std::string_view text);

/// "Date" or "Time": the Ruby class Puppet's safe YAML loading (Hiera data, hiera.yaml, an
/// ENC's output) refuses for such a scalar, in "Tried to load unspecified class: Date";
/// nullptr for the kinds it takes.
const char* refused_ruby_class(PsychScalarKind kind);

}  // namespace marionette::rubyish
