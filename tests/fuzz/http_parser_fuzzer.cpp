// libFuzzer target for the HTTP/1.1 parser the server reads requests with (and the HTTPS client
// responses): see http_parser_driver.hpp for how an input is fed.
#include <cstddef>
#include <cstdint>

#include "http_parser_driver.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  marionette::http_fuzz::parse_input(data, size);
  return 0;
}
