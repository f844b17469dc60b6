#include "ral/file_bucket.hpp"

#include "ral/sha256.hpp"

namespace marionette::ral {

namespace {

constexpr std::size_t kFanOut = 8;  ///< one directory level per leading hex digit

/// Creates `path` and missing parents; Puppet gives the bucket's root 0750, its fan-out 0770.
IoResult make_directories(FileSystem& files, const std::string& path, const std::string& root) {
  if (path.empty() || files.exists(path)) return IoResult::success();
  std::size_t slash = path.rfind('/');
  if (slash != std::string::npos && slash > 0) {
    IoResult parent = make_directories(files, path.substr(0, slash), root);
    if (!parent.ok) return parent;
  }
  return files.make_directory(path, path.size() > root.size() ? 0770 : 0750);
}

}  // namespace

IoResult backup_to_filebucket(FileSystem& files, const std::string& bucket_dir,
                              const std::string& path, const std::string& content,
                              std::string& sum) {
  if (bucket_dir.empty()) return IoResult::failure("no filebucket directory for this run");
  sum = sha256_hex(content);
  std::string dir = bucket_dir;
  for (std::size_t i = 0; i < kFanOut; ++i) dir += "/" + sum.substr(i, 1);
  dir += "/" + sum;
  IoResult made = make_directories(files, dir, bucket_dir);
  if (!made.ok) return made;
  const std::string contents = dir + "/contents";
  if (!files.exists(contents)) {
    IoResult written = files.write_atomic(contents, content, {0440, std::nullopt, std::nullopt});
    if (!written.ok) return written;
  }
  const std::string paths_file = dir + "/paths";
  std::string known;
  if (files.exists(paths_file) && !files.read(paths_file, known).ok) known.clear();
  std::size_t at = 0;
  while (at < known.size()) {
    std::size_t end = known.find('\n', at);
    if (end == std::string::npos) end = known.size();
    if (known.compare(at, end - at, path) == 0 && end - at == path.size()) {
      return IoResult::success();
    }
    at = end + 1;
  }
  return files.write_atomic(paths_file, known + path + "\n", {0640, std::nullopt, std::nullopt});
}

}  // namespace marionette::ral
