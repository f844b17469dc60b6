#include "server/access_log.hpp"

namespace marionette::server {

std::string escaped_for_log(std::string_view text) {
  static const char kHex[] = "0123456789ABCDEF";
  std::string out;
  out.reserve(text.size());
  for (unsigned char c : text) {
    if (c < 0x20 || c == 0x7f || c == '"' || c == '%') {
      out += '%';
      out += kHex[c >> 4];
      out += kHex[c & 15];
    } else {
      out += static_cast<char>(c);
    }
  }
  return out;
}

std::string access_log_line(const std::string& client_ip, const std::string& certname,
                            const std::string& method, const std::string& path, int status) {
  return client_ip + " " + escaped_for_log(certname) + " \"" + escaped_for_log(method) + " " +
         escaped_for_log(path) + "\" " + std::to_string(status);
}

}  // namespace marionette::server
