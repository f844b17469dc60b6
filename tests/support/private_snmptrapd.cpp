#include "support/private_snmptrapd.hpp"

#include <unistd.h>

#include <fstream>
#include <stdexcept>
#include <thread>

#include "support/private_snmpd.hpp"

namespace marionette::testing {
namespace {

using Clock = std::chrono::steady_clock;
constexpr auto kTrapPollStep = std::chrono::milliseconds(10);

std::filesystem::path make_snmptrapd_dir() {
  std::string pattern = (std::filesystem::temp_directory_path() / "marionette-snmptrapd-XXXXXX");
  if (!mkdtemp(pattern.data())) throw std::runtime_error("PrivateSnmptrapd: mkdtemp failed");
  return pattern;
}

}  // namespace

bool PrivateSnmptrapd::available(const std::filesystem::path& snmptrapd) {
  return access(snmptrapd.c_str(), X_OK) == 0;
}

PrivateSnmptrapd::PrivateSnmptrapd(std::filesystem::path snmptrapd)
    : dir_(make_snmptrapd_dir()), port_(free_udp_port()) {
  const std::filesystem::path conf = dir_ / "snmptrapd.conf";
  {
    std::ofstream out(conf);
    out << "disableAuthorization yes\n"
        << "[snmp] persistentDir " << (dir_ / "persist").string() << "\n";
  }
  // -f foreground, -Lo log to stdout, -C no system config, -On numeric OIDs, -m "" no MIBs,
  // --doNotRetainNotificationLogs so nothing else is written.
  process_ = std::make_unique<ChildProcess>(
      std::vector<std::string>{snmptrapd.string(), "-f", "-Lo", "-C", "-c", conf.string(), "-On",
                               "-m", "", "-M", dir_.string(), "-n",
                               "--doNotRetainNotificationLogs=yes", "udp:" + address()},
      dir_ / "snmptrapd.log");
  const auto deadline = Clock::now() + std::chrono::seconds(5);
  while (log().find("NET-SNMP version") == std::string::npos) {
    if (Clock::now() > deadline) {
      throw std::runtime_error("PrivateSnmptrapd: it did not start; its log:\n" + log());
    }
    std::this_thread::sleep_for(kTrapPollStep);
  }
}

PrivateSnmptrapd::~PrivateSnmptrapd() {
  process_.reset();
  std::error_code ignored;
  std::filesystem::remove_all(dir_, ignored);
}

std::string PrivateSnmptrapd::log() const {
  return process_ ? process_->output() : std::string();
}

int PrivateSnmptrapd::count(const std::string& text) const {
  const std::string all = log();
  int found = 0;
  for (std::size_t at = all.find(text); at != std::string::npos; at = all.find(text, at + 1)) {
    ++found;
  }
  return found;
}

bool PrivateSnmptrapd::wait_for(const std::string& text, std::chrono::milliseconds timeout,
                                int times) const {
  const auto deadline = Clock::now() + timeout;
  while (count(text) < times) {
    if (Clock::now() > deadline) return false;
    std::this_thread::sleep_for(kTrapPollStep);
  }
  return true;
}

}  // namespace marionette::testing
