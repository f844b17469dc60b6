#pragma once

#include <string>
#include <string_view>

namespace marionette::server {

/// `text` safe to write on one log line: control characters, DEL, '"' and '%' as %XX, so that
/// what a client sends (a decoded path holding "%0a") cannot begin a line of its own or close
/// the quotes around it.
std::string escaped_for_log(std::string_view text);

/// One request in the `-v` log: `IP CERTNAME "METHOD PATH" STATUS`, escaped.
std::string access_log_line(const std::string& client_ip, const std::string& certname,
                            const std::string& method, const std::string& path, int status);

}  // namespace marionette::server
