#include "ral/ini_file_io.hpp"

namespace marionette::ral {

std::optional<IniFile> IniFileStore::load(const IniFormat& format) {
  FileSystem& files = *host_.files;
  std::string text;
  std::optional<FileInfo> info = files.stat(path_);
  if (info && info->kind == FileInfo::Kind::file) {
    IoResult read = files.read(path_, text);
    if (!read.ok) {
      error_ = read.error + " @ rb_sysopen - " + path_;
      return std::nullopt;
    }
    attributes_ = {info->mode, info->uid, info->gid};
  }
  return IniFile(text, format);
}

std::optional<std::string> IniFileStore::save(const IniFile& file) {
  FileSystem& files = *host_.files;
  std::optional<FileInfo> info = files.stat(path_);
  if (info && info->kind == FileInfo::Kind::directory) {
    return "Is a directory @ rb_sysopen - " + path_;
  }
  IoResult written = files.write_atomic(path_, file.render(), attributes_);
  if (!written.ok) return written.error + " @ rb_sysopen - " + path_;
  return std::nullopt;
}

}  // namespace marionette::ral
