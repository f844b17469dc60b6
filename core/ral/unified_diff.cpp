#include "ral/unified_diff.hpp"

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <vector>

namespace marionette::ral {

namespace {

constexpr std::size_t kContext = 3;

/// The lines of a text, each with its newline when it has one.
std::vector<std::string_view> lines_of(std::string_view text) {
  std::vector<std::string_view> lines;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    end = end == std::string_view::npos ? text.size() : end + 1;
    lines.push_back(text.substr(start, end - start));
    start = end;
  }
  return lines;
}

/// One differing stretch: a[a_begin, a_end) replaced by b[b_begin, b_end).
struct Change {
  std::size_t a_begin, a_end, b_begin, b_end;
};

/// Myers' greedy O((N+M)D) search for the shortest edit script between a[lo_a, hi_a) and
/// b[lo_b, hi_b), as the changes it makes in order; sets `gave_up` past max_edits.
std::vector<Change> myers(const std::vector<std::string_view>& a,
                          const std::vector<std::string_view>& b, std::size_t lo_a,
                          std::size_t hi_a, std::size_t lo_b, std::size_t hi_b,
                          std::size_t max_edits, bool& gave_up) {
  const long n = static_cast<long>(hi_a - lo_a), m = static_cast<long>(hi_b - lo_b);
  const long limit = std::min<long>(n + m, static_cast<long>(max_edits));
  const long offset = limit + 1;
  std::vector<long> v(2 * offset + 1, 0);
  // v[-d..d] before each round d, for the walk back: O(D²) memory, hence max_edits.
  std::vector<std::vector<long>> trace;
  long found = -1;
  for (long d = 0; d <= limit && found < 0; ++d) {
    trace.emplace_back(v.begin() + (offset - d), v.begin() + (offset + d + 1));
    for (long k = -d; k <= d; k += 2) {
      long x = (k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1]))
                   ? v[offset + k + 1]
                   : v[offset + k - 1] + 1;
      long y = x - k;
      while (x < n && y < m && a[lo_a + x] == b[lo_b + y]) ++x, ++y;
      v[offset + k] = x;
      if (x >= n && y >= m) {
        found = d;
        break;
      }
    }
  }
  if (found < 0) {
    gave_up = true;
    return {};
  }
  // Walk back from (n, m): each round took one step (down: an insertion, right: a deletion)
  // before its diagonal.
  std::vector<std::pair<long, long>> steps;  // the point after each edit, from the end
  std::vector<bool> inserted;
  long x = n, y = m;
  for (long d = found; d > 0; --d) {
    const std::vector<long>& before = trace[d];
    long k = x - y;
    auto at = [&](long diagonal) { return before[static_cast<std::size_t>(diagonal + d)]; };
    bool down = k == -d || (k != d && at(k - 1) < at(k + 1));
    long previous_k = down ? k + 1 : k - 1;
    long previous_x = at(previous_k);
    long previous_y = previous_x - previous_k;
    long edit_x = down ? previous_x : previous_x + 1;
    long edit_y = down ? previous_y + 1 : previous_y;
    steps.push_back({edit_x, edit_y});
    inserted.push_back(down);
    x = previous_x;
    y = previous_y;
  }
  std::vector<Change> changes;
  for (std::size_t i = steps.size(); i-- > 0;) {
    auto [ex, ey] = steps[i];
    std::size_t a_at = lo_a + static_cast<std::size_t>(inserted[i] ? ex : ex - 1);
    std::size_t b_at = lo_b + static_cast<std::size_t>(inserted[i] ? ey - 1 : ey);
    if (!changes.empty() && changes.back().a_end == a_at && changes.back().b_end == b_at) {
      (inserted[i] ? changes.back().b_end : changes.back().a_end) += 1;
    } else {
      changes.push_back({a_at, a_at + (inserted[i] ? 0 : 1), b_at, b_at + (inserted[i] ? 1 : 0)});
    }
  }
  return changes;
}

std::string range_text(std::size_t begin, std::size_t count) {
  // GNU: "start,count", the count left out when it is 1, an empty range at the line before.
  std::size_t start = count == 0 ? begin : begin + 1;
  return count == 1 ? std::to_string(start) : std::to_string(start) + "," + std::to_string(count);
}

void append_line(std::string& out, char prefix, std::string_view line) {
  out += prefix;
  out += line;
  if (line.empty() || line.back() != '\n') out += "\n\\ No newline at end of file\n";
}

}  // namespace

std::string unified_hunks(std::string_view old_text, std::string_view new_text,
                          std::size_t max_edits) {
  const std::vector<std::string_view> a = lines_of(old_text), b = lines_of(new_text);
  // The common head and tail cost the search nothing.
  std::size_t head = 0;
  while (head < a.size() && head < b.size() && a[head] == b[head]) ++head;
  std::size_t tail = 0;
  while (tail < a.size() - head && tail < b.size() - head &&
         a[a.size() - 1 - tail] == b[b.size() - 1 - tail])
    ++tail;
  const std::size_t a_end = a.size() - tail, b_end = b.size() - tail;
  if (head == a_end && head == b_end) return {};
  bool gave_up = false;
  std::vector<Change> changes = myers(a, b, head, a_end, head, b_end, max_edits, gave_up);
  if (gave_up) changes = {{head, a_end, head, b_end}};

  std::string out;
  for (std::size_t first = 0; first < changes.size();) {
    std::size_t last = first;
    while (last + 1 < changes.size() &&
           changes[last + 1].a_begin - changes[last].a_end <= 2 * kContext)
      ++last;
    const Change& from = changes[first];
    const Change& to = changes[last];
    std::size_t lead = std::min(kContext, from.a_begin);
    std::size_t trail = std::min(kContext, a.size() - to.a_end);
    std::size_t a_begin = from.a_begin - lead, b_begin = from.b_begin - lead;
    out += "@@ -" + range_text(a_begin, to.a_end + trail - a_begin) + " +" +
           range_text(b_begin, to.b_end + trail - b_begin) + " @@\n";
    std::size_t at = a_begin;
    for (std::size_t i = first; i <= last; ++i) {
      for (; at < changes[i].a_begin; ++at) append_line(out, ' ', a[at]);
      for (std::size_t j = changes[i].a_begin; j < changes[i].a_end; ++j) append_line(out, '-', a[j]);
      for (std::size_t j = changes[i].b_begin; j < changes[i].b_end; ++j) append_line(out, '+', b[j]);
      at = changes[i].a_end;
    }
    for (; at < to.a_end + trail; ++at) append_line(out, ' ', a[at]);
    first = last + 1;
  }
  return out;
}

std::string diff_header(std::string_view marker, std::string_view path, std::int64_t seconds,
                        std::int64_t nanoseconds) {
  std::time_t when = static_cast<std::time_t>(seconds);
  std::tm local{};
  localtime_r(&when, &local);
  char date[64], zone[16], fraction[16];
  std::strftime(date, sizeof date, "%Y-%m-%d %H:%M:%S", &local);
  std::strftime(zone, sizeof zone, "%z", &local);
  std::snprintf(fraction, sizeof fraction, ".%09lld", static_cast<long long>(nanoseconds));
  return std::string(marker) + " " + std::string(path) + "\t" + date + fraction + " " + zone;
}

}  // namespace marionette::ral
