#include "ral/sha256.hpp"

#include "ral/checksum.hpp"

namespace marionette::ral {

std::string sha256_hex(std::string_view data) {
  return digest_hex("sha256", data);
}

}  // namespace marionette::ral
