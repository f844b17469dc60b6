#pragma once

#include <filesystem>
#include <string>
#include <string_view>

/// Small POSIX file helpers whose writes survive a crash or a power loss: data is fsync'd before
/// a call returns, and a replaced file is either the old or the new one, never a mix.
namespace marionette::storage {

/// Reads a whole file into *content. A missing file reads as empty and is not an error.
bool read_file(const std::filesystem::path& path, std::string* content, std::string* error);

/// Replaces the file with `content`: writes a temporary beside it, fsyncs it, renames it over the
/// old one and fsyncs the directory.
bool write_file_atomically(const std::filesystem::path& path, std::string_view content,
                           std::string* error);

/// Appends one newline-terminated record with a single write() and fsyncs it. When the file ends
/// in a torn record (a crash mid-append), a newline is written first so that records never merge.
bool append_record(const std::filesystem::path& path, std::string_view record, std::string* error);

}  // namespace marionette::storage
