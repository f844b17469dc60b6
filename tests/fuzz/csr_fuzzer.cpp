// libFuzzer target for the CA's reader of certificate requests (core/ca/csr_policy.cpp and the
// OpenSSL calls under it): what any node may PUT to /puppet-ca/v1/certificate_request before
// it has a certificate. See csr_input.hpp for what one input is.
#include <cstddef>
#include <cstdint>

#include "csr_input.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  marionette::ca::fuzzing::read_csr_input(data, size);
  return 0;
}
