#pragma once

#include <filesystem>
#include <string>
#include <string_view>

/// Small POSIX file helpers whose writes survive a crash or a power loss: data is fsync'd before
/// a call returns, and a replaced file is either the old or the new one, never a mix.
namespace marionette::storage {

/// Reads a whole file into *content. A missing file reads as empty and is not an error.
bool read_file(const std::filesystem::path& path, std::string* content, std::string* error);

/// What write_file_atomically() has on disk when it returns.
enum class Durability {
  /// The file's data and its name: the directory is fsync'd after the rename too. For files
  /// whose loss after a power cut would be worse than the second fsync (the CA's, counters').
  file_and_name,
  /// The file's data only, as Puppet's own replace_file (the report store's): after the
  /// process dies the file is complete or absent; only a power cut or kernel crash in the
  /// filesystem's commit interval can lose the rename, never tear the file.
  file_data,
};

/// Replaces the file with `content`: writes a temporary beside it, fsyncs it, renames it over the
/// old one and (file_and_name) fsyncs the directory.
bool write_file_atomically(const std::filesystem::path& path, std::string_view content,
                           std::string* error, Durability durability = Durability::file_and_name);

/// Appends one newline-terminated record with a single write() and fsyncs it. When the file ends
/// in a torn record (a crash mid-append), a newline is written first so that records never merge.
bool append_record(const std::filesystem::path& path, std::string_view record, std::string* error);

}  // namespace marionette::storage
