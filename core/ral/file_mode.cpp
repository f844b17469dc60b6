#include "ral/file_mode.hpp"

#include <array>

namespace marionette::ral {

namespace {

constexpr std::array<unsigned, 3> kShifts = {6, 3, 0};  // u, g, o
constexpr std::array<unsigned, 3> kSpecial = {04000, 02000, 01000};

bool is_who(char c) {
  return c == 'u' || c == 'g' || c == 'o' || c == 'a';
}
bool is_op(char c) {
  return c == '+' || c == '-' || c == '=';
}

/// The classes a clause names: bit 0 u, bit 1 g, bit 2 o.
unsigned who_mask(std::string_view who) {
  if (who.empty()) return 7;
  unsigned mask = 0;
  for (char c : who) {
    if (c == 'u') mask |= 1;
    if (c == 'g') mask |= 2;
    if (c == 'o') mask |= 4;
    if (c == 'a') mask |= 7;
  }
  return mask;
}

/// Applies one "op perms" action to `mode`; false on an unknown permission letter.
bool apply_action(char op, std::string_view perms, unsigned who, unsigned original,
                  bool is_directory, unsigned& mode) {
  unsigned rwx = 0;
  bool setid = false;
  bool sticky = false;
  for (char c : perms) {
    switch (c) {
      case 'r':
        rwx |= 4;
        break;
      case 'w':
        rwx |= 2;
        break;
      case 'x':
        rwx |= 1;
        break;
      case 'X':
        if (is_directory || (original & 0111) != 0) rwx |= 1;
        break;
      case 's':
        setid = true;
        break;
      case 't':
        sticky = true;
        break;
      case 'u':
        rwx |= (original >> 6) & 7;
        break;
      case 'g':
        rwx |= (original >> 3) & 7;
        break;
      case 'o':
        rwx |= original & 7;
        break;
      default:
        return false;
    }
  }
  for (std::size_t i = 0; i < kShifts.size(); ++i) {
    if ((who & (1u << i)) == 0) continue;
    unsigned bits = rwx << kShifts[i];
    if (setid && i < 2) bits |= kSpecial[i];
    if (sticky && i == 2) bits |= kSpecial[i];
    if (op == '+') {
      mode |= bits;
    } else if (op == '-') {
      mode &= ~bits;
    } else {
      mode &= ~((7u << kShifts[i]) | kSpecial[i]);
      mode |= bits;
    }
  }
  return true;
}

}  // namespace

std::optional<unsigned> apply_symbolic_mode(std::string_view symbolic, unsigned mode,
                                            bool is_directory) {
  if (symbolic.empty()) return std::nullopt;
  std::size_t start = 0;
  while (start <= symbolic.size()) {
    std::size_t end = symbolic.find(',', start);
    if (end == std::string_view::npos) end = symbolic.size();
    std::string_view clause = symbolic.substr(start, end - start);
    std::size_t i = 0;
    while (i < clause.size() && is_who(clause[i])) ++i;
    const unsigned who = who_mask(clause.substr(0, i));
    if (i >= clause.size() || !is_op(clause[i])) return std::nullopt;
    const unsigned original = mode;
    while (i < clause.size()) {
      const char op = clause[i++];
      std::size_t perms_start = i;
      while (i < clause.size() && !is_op(clause[i])) ++i;
      if (!apply_action(op, clause.substr(perms_start, i - perms_start), who, original,
                        is_directory, mode)) {
        return std::nullopt;
      }
    }
    start = end + 1;
  }
  return mode & 07777;
}

}  // namespace marionette::ral
