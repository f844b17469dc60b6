// `marionette ca list|sign|revoke|clean|generate`: puppetserver ca's actions, on the server's
// ssldir directly (a running server sees each change at once: it re-reads the CRL).
#include <grp.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <iostream>

#include "ca/certificate_authority.hpp"
#include "ca/host_identity.hpp"
#include "ca/openssl_handles.hpp"
#include "cli/arguments.hpp"
#include "cli/ca_options.hpp"
#include "cli/command.hpp"
#include "cli/settings_from_arguments.hpp"
#include "storage/durable_file.hpp"
#include "text/split.hpp"

namespace marionette::cli {

std::string host_certname(const config::AgentConfig& config);
std::filesystem::path ssldir_of(const config::AgentConfig& config);

namespace {

void report_error(const std::string& detail) {
  std::cerr << "Error:\n    " << detail << "\n";
}

/// Ruby's Array#inspect of strings: ["DNS:a", "DNS:b"].
std::string inspected(const std::vector<std::string>& names) {
  std::string text = "[";
  for (const std::string& name : names) text += (text.size() > 1 ? ", \"" : "\"") + name + "\"";
  return text + "]";
}

int list(ca::CertificateAuthority& authority, bool all) {
  std::vector<ca::CertificateEntry> entries = authority.list();
  using State = ca::CertificateEntry::State;
  bool printed = false;
  for (auto [state, title] : {std::pair{State::requested, "Requested Certificates:"},
                              std::pair{State::signed_, "Signed Certificates:"},
                              std::pair{State::revoked, "Revoked Certificates:"}}) {
    if (state != State::requested && !all) continue;
    std::size_t width = 0;
    for (const auto& entry : entries)
      if (entry.state == state) width = std::max(width, entry.name.size());
    if (width == 0) continue;
    std::cout << title << "\n";
    printed = true;
    for (const auto& entry : entries) {
      if (entry.state != state) continue;
      std::string line = "    " + entry.name;
      line.resize(std::max(line.size(), width + 6), ' ');
      std::vector<std::string> dns;
      for (const std::string& alt : entry.alt_names)
        if (alt.rfind("DNS:", 0) == 0) dns.push_back(alt);
      std::cout << line << " (SHA256) "
                << " " << entry.fingerprint << (dns.empty() ? "" : "\talt names: " + inspected(dns))
                << "\n";
    }
  }
  if (!printed) std::cout << "No certificates to list\n";
  return 0;
}

/// Run by root on a CA another user owns (the packaged server's, user marionette, as
/// puppetserver's belongs to puppet): the command becomes that user before it touches a file,
/// so that what it writes (signed certificates, the CRL, serial, inventory) stays the server's.
void become_owner_of(const std::filesystem::path& cadir) {
  struct stat owner {};
  if (::geteuid() != 0 || ::stat(cadir.c_str(), &owner) != 0 || owner.st_uid == 0) return;
  if (::setgroups(0, nullptr) != 0 || ::setgid(owner.st_gid) != 0 || ::setuid(owner.st_uid) != 0)
    throw std::runtime_error("cannot become the owner of " + cadir.string() + " (uid " +
                             std::to_string(owner.st_uid) + "): " + std::strerror(errno));
}

std::vector<std::string> pending_names(ca::CertificateAuthority& authority) {
  std::vector<std::string> names;
  for (const auto& entry : authority.list())
    if (entry.state == ca::CertificateEntry::State::requested) names.push_back(entry.name);
  return names;
}

}  // namespace

int run_ca(const std::vector<std::string>& words) {
  if (words.empty()) throw UsageError("give an action: list, sign, revoke, clean or generate");
  const std::string action = words.front();
  std::set<std::string> valued = kRunOptions;
  valued.merge(ca_valued_options());
  std::set<std::string> flags = setting_switches();
  flags.merge(ca_flags());
  Arguments args(std::vector<std::string>(words.begin() + 1, words.end()), valued, flags);
  if (!args.positionals().empty())
    throw UsageError("unexpected argument '" + args.positionals().front() + "'");
  const config::AgentConfig config = config_from(args, config::RunMode::server);
  CaCommandOptions options = read_ca_options(args);
  options.ca.key_bits = config.keylength;
  become_owner_of(ssldir_of(config) / "ca");
  ca::CertificateAuthority authority(ssldir_of(config), options.ca);
  if (!authority.exists()) {
    report_error("No CA in " + authority.layout().dir.string() +
                 "; start `marionette server` once to make it");
    return 1;
  }
  // --certname NAME[,NAME]; `--node` is its other spelling in marionette.
  std::vector<std::string> names =
      text::split_nonempty(args.value("certname").value_or(args.value("node").value_or("")), ',');
  const bool all = options.all;
  if (action == "list") return list(authority, all);
  if (action != "sign" && action != "revoke" && action != "clean" && action != "generate")
    throw UsageError("unknown action '" + action + "'");
  if (all && !names.empty()) throw UsageError("--all and --certname cannot be used together");
  if (all && action != "sign") throw UsageError("--all is for sign only");
  if (!all && names.empty()) throw UsageError("No arguments given");
  if (all) {
    names = pending_names(authority);
    if (names.empty()) {
      report_error("No waiting certificate requests to sign");
      return 24;
    }
  }
  int status = 0;
  for (const std::string& name : names) {
    try {
      if (action == "sign") {
        if (!authority.request_pem(name)) {
          report_error("Could not find certificate request for " + name);
          status = 1;
          continue;
        }
        authority.sign(name);
        std::cout << "Successfully signed certificate request for " << name << "\n";
      } else if (action == "revoke") {
        if (!authority.revoke(name)) {
          report_error("Could not find certificate for " + name);
          status = 1;
          continue;
        }
        std::cout << "Revoked certificate for " << name << "\n";
      } else if (action == "clean") {
        bool had_certificate = authority.signed_pem(name).has_value();
        if (!authority.clean(name)) {
          report_error("Could not find files to clean for " + name);
          status = 1;
          continue;
        }
        if (had_certificate) std::cout << "Revoked certificate for " << name << "\n";
        std::cout << "Cleaned files related to " << name << "\n";
      } else {
        ca::HostFiles files{ssldir_of(config), name};
        std::vector<std::string> alt_names;
        if (options.subject_alt_names)
          alt_names = ca::alt_names_from_setting(*options.subject_alt_names, name);
        auto [key, certificate] = authority.generate(name, alt_names, options.ca_client);
        std::error_code ignored;
        std::filesystem::create_directories(files.private_key().parent_path(), ignored);
        std::filesystem::create_directories(files.certificate().parent_path(), ignored);
        std::string error;
        if (!storage::write_file_atomically(files.private_key(), key, &error) ||
            !storage::write_file_atomically(files.certificate(), certificate, &error))
          throw ca::CaError(error);
        std::filesystem::permissions(files.private_key(), std::filesystem::perms::owner_read |
                                                              std::filesystem::perms::owner_write);
        std::cout << "Successfully saved private key for " << name << " to "
                  << files.private_key().string() << "\n";
        std::cout << "Successfully saved certificate for " << name << " to "
                  << files.certificate().string() << "\n";
      }
    } catch (const ca::CaError& e) {
      report_error(e.what());
      status = 1;
    }
  }
  return status;
}

}  // namespace marionette::cli
