#include <fcntl.h>
#include <unistd.h>

#include "digest/digest.hpp"
#include "facts/native_parts.hpp"

/// Facter 4's ssh facts: the host's public keys with their SSHFP fingerprints, from the first
/// files found among Facter's directories and names.
namespace marionette::facts::native {
namespace {

namespace fs = std::filesystem;

constexpr const char* kKeyFiles[] = {"ssh_host_rsa_key.pub", "ssh_host_dsa_key.pub",
                                     "ssh_host_ecdsa_key.pub", "ssh_host_ed25519_key.pub"};

struct KeyKind {
  const char* type;
  const char* name;
  int sshfp_algorithm;
};
// Only these: Facter leaves out other types (ecdsa-sha2-nistp384, ...).
constexpr KeyKind kKinds[] = {{"ssh-rsa", "rsa", 1},
                              {"ssh-dss", "dsa", 2},
                              {"ecdsa-sha2-nistp256", "ecdsa", 3},
                              {"ssh-ed25519", "ed25519", 4}};

/// Ruby's lenient Base64.decode64: characters outside the alphabet are skipped, '=' ends it.
std::string decode_base64(std::string_view text) {
  std::string bytes;
  unsigned buffer = 0;
  int bits = 0;
  for (char c : text) {
    int value;
    if (c >= 'A' && c <= 'Z') {
      value = c - 'A';
    } else if (c >= 'a' && c <= 'z') {
      value = c - 'a' + 26;
    } else if (c >= '0' && c <= '9') {
      value = c - '0' + 52;
    } else if (c == '+') {
      value = 62;
    } else if (c == '/') {
      value = 63;
    } else if (c == '=') {
      break;
    } else {
      continue;
    }
    buffer = (buffer << 6) | static_cast<unsigned>(value);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes += static_cast<char>((buffer >> bits) & 0xff);
    }
  }
  return bytes;
}

}  // namespace

Facts ssh_fact(const std::vector<fs::path>& dirs) {
  Facts ssh = Facts::object();
  for (const auto& dir : dirs) {
    const int dir_fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dir_fd < 0) continue;
    for (const char* file : kKeyFiles) {
      const std::string text = read_text_at(dir_fd, file);
      const std::string_view first_line = std::string_view(text).substr(0, text.find('\n'));
      const auto words = words_of(first_line);
      if (words.size() < 2) continue;
      for (const auto& kind : kKinds) {
        if (words[0] != kind.type) continue;
        const std::string key(words[1]);
        const std::string blob = decode_base64(key);
        const std::string prefix = "SSHFP " + std::to_string(kind.sshfp_algorithm);
        ssh[kind.name] = {
            {"fingerprints",
             {{"sha1", prefix + " 1 " + digest::hex(digest::Algorithm::sha1, blob)},
              {"sha256", prefix + " 2 " + digest::hex(digest::Algorithm::sha256, blob)}}},
            {"key", key},
            {"type", kind.type}};
      }
    }
    ::close(dir_fd);
  }
  return ssh;
}

void add_ssh_facts(Facts& facts) {
  static const std::vector<fs::path> kDirs = {"/etc/ssh", "/usr/local/etc/ssh", "/etc",
                                              "/usr/local/etc", "/etc/opt/ssh"};
  const Facts ssh = ssh_fact(kDirs);
  if (ssh.empty()) return;
  facts["ssh"] = ssh;
  for (const auto& [name, key] : ssh.items()) {
    facts["ssh" + name + "key"] = key["key"];
    facts["sshfp_" + name] = key["fingerprints"]["sha1"].get<std::string>() + "\n" +
                             key["fingerprints"]["sha256"].get<std::string>();
  }
}

}  // namespace marionette::facts::native
