// `marionette yamlresource receive`: the pipe protocol of ffrank's puppet-yamlresource face (its
// `receive` action, 0.2.2), which mgmt's `pippet` resource used to have single resources
// applied by one long-running Puppet. One resource a line on stdin, either
//     TYPE TITLE {YAML mapping of attributes}
// or a JSON object {"type": …, "title": …, "params": "<the YAML mapping as a string>"}; for
// each line, one line of JSON on stdout, in the face's key order:
//     {"resource":"File[/x]","failed":false,"changed":true,"noop":false,"error":false,"exception":null}
//     {"failed":true,"changed":false,"error":true,"exception":"no parameter named 'x'"}
// The second shape is a line that could not be applied at all; its error is also logged
// ("Error: (Applying File[/x]) …") on stderr. As the face, only warnings and errors are logged
// once it is ready, and a bad line never ends the process: it serves until stdin closes. A line
// that is not UTF-8 gets the second shape ("invalid byte sequence in UTF-8") and is not applied.

#include <iostream>
#include <nlohmann/json.hpp>
#include <string>

#include "catalog/catalog.hpp"
#include "cli/arguments.hpp"
#include "cli/command.hpp"
#include "cli/run_log.hpp"
#include "compiler/known_types.hpp"
#include "lang/utf8.hpp"
#include "ral/resource_type.hpp"
#include "rubyish/psych_syntax_error.hpp"
#include "rubyish/yaml_reader.hpp"
#include "text/text.hpp"
#include "transaction/apply.hpp"

namespace marionette::cli {

namespace {

using Json = nlohmann::ordered_json;

/// A line that cannot be applied; `what` is the exception text the face returns.
struct LineError {
  std::string what;
  std::string applying;  ///< "File[/x]" or "JSON <line>": what the log line names
};

/// Ruby's String#capitalize: the first character upper-case, the rest lower-case.
std::string ruby_capitalize(std::string text) {
  for (std::size_t i = 0; i < text.size(); ++i) {
    auto c = static_cast<unsigned char>(text[i]);
    text[i] = static_cast<char>(i == 0 ? std::toupper(c) : std::tolower(c));
  }
  return text;
}

/// "apt::key" -> "Apt::Key": the type as a resource reference names it.
std::string reference_type(const std::string& type) {
  std::string out;
  bool start = true;
  for (char c : type) {
    auto u = static_cast<unsigned char>(c);
    out += static_cast<char>(start ? std::toupper(u) : std::tolower(u));
    start = c == ':';
  }
  return out;
}

/// The text with each byte that is not UTF-8 shown as U+FFFD (Ruby's String#scrub), and no
/// line break at its end: what a log line can show of a line that is not UTF-8.
std::string scrubbed(std::string_view text) {
  std::string out;
  while (auto bad = lang::first_invalid_utf8(text)) {
    out.append(text.substr(0, *bad));
    out += "\xEF\xBF\xBD";
    text.remove_prefix(*bad + 1);
  }
  out.append(text);
  while (!out.empty() && (out.back() == '\n' || out.back() == '\r')) out.pop_back();
  return out;
}

struct Request {
  std::string type, title;
  std::optional<std::string> params;  ///< the YAML text; none: the line had no third part
};

/// The face's two input shapes. `line` keeps its newline, as Ruby's each_line does.
Request read_request(const std::string& line) {
  Request request;
  if (!line.empty() && line[0] == '{') {
    Json input;
    try {
      input = Json::parse(line);
    } catch (const nlohmann::json::exception&) {
      throw LineError{"unexpected token at '" + line + "'", "JSON " + line};
    }
    auto text = [&](const char* key) {
      auto found = input.find(key);
      return found != input.end() && found->is_string() ? found->get<std::string>() : "";
    };
    request.type = text("type");
    request.title = text("title");
    if (input.contains("params") && input["params"].is_string()) request.params = text("params");
    return request;
  }
  std::size_t first = line.find(' ');
  request.type = line.substr(0, first);
  if (first == std::string::npos) return request;
  std::size_t second = line.find(' ', first + 1);
  request.title = line.substr(first + 1, second == std::string::npos ? second : second - first - 1);
  if (second != std::string::npos) request.params = line.substr(second + 1);
  return request;
}

/// The face's save action up to the apply: the parameters parsed and checked.
catalog::Resource resource_for(const Request& request) {
  std::string applying = ruby_capitalize(request.type) + "[" + request.title + "]";
  auto fail = [&](const std::string& what) { throw LineError{what, applying}; };
  catalog::Data parameters;
  if (request.params) {
    if (auto error = rubyish::psych_syntax_error(*request.params))
      fail("There was an error parsing the parameter YAML document: " + *error);
    try {
      parameters = rubyish::parse_yaml_text(*request.params, "<unknown>");
    } catch (const std::exception& e) {
      fail(std::string("There was an error parsing the parameter YAML document: ") + e.what());
    }
  }
  if (!parameters.is_object())
    fail("The :save method needs resource type, name and a hash of parameters");
  if (request.type.empty() || request.title.empty())
    fail("The resource type and name must be a valid strings");
  catalog::Resource resource;
  resource.type = reference_type(request.type);
  resource.title = request.title;
  resource.parameters = catalog::Data::object();
  compiler::AttributeCheck check(request.type);
  for (auto& [name, value] : parameters.items()) {
    if (!check.accepts(name)) fail("no parameter named '" + name + "'");
    resource.parameters[name] = value;
  }
  return resource;
}

Json failure(const std::string& exception) {
  return Json{{"failed", true}, {"changed", false}, {"error", true}, {"exception", exception}};
}

Json applied(const std::string& ref, bool failed, bool changed, bool noop) {
  return Json{{"resource", ref}, {"failed", failed}, {"changed", changed},
              {"noop", noop},    {"error", false},   {"exception", nullptr}};
}

class Receiver {
 public:
  Receiver(bool noop, daemon::RunLog log) : noop_(noop), log_(std::move(log)) {}

  Json apply_line(const std::string& line) {
    try {
      // Ruby's split raises on such a line (the face died of it); it is answered and skipped,
      // never applied, since no catalog or JSON answer can carry its bytes.
      if (lang::first_invalid_utf8(line))
        throw LineError{"invalid byte sequence in UTF-8", scrubbed(line)};
      Request request = read_request(line);
      catalog::Resource resource = resource_for(request);
      std::string ref = resource.type + "[" + resource.title + "]";
      const std::string type = text::lowercase(request.type);
      if (!ral::find_type(type)) {
        // Puppet answers a type it does not know with an unchanged resource; one it knows
        // but marionette does not manage would be silently skipped, so it is an error.
        if (!compiler::is_builtin_type(type)) return applied(ref, false, false, noop_);
        throw LineError{"marionette does not manage the resource type '" + type + "'",
                        ruby_capitalize(request.type) + "[" + request.title + "]"};
      }
      return apply(std::move(resource), ref);
    } catch (const LineError& error) {
      log_("err", "(Applying " + error.applying + ") " + error.what);
      return failure(error.what);
    }
  }

 private:
  Json apply(catalog::Resource resource, const std::string& ref) {
    catalog::Catalog catalog;
    catalog.name = "marionette-yamlresource";
    catalog.resources.push_back(std::move(resource));
    transaction::ApplyOptions options;
    options.noop = noop_;
    options.log = log_;
    transaction::Report report = transaction::apply(catalog, options);
    if (!report.transaction_completed) {
      std::string what = report.error.value_or("the resource could not be applied");
      throw LineError{what, ref};
    }
    bool failed = false, changed = false;
    for (const auto& status : report.resources) {
      failed |= status.failed;
      changed |= status.changed;
    }
    return applied(ref, failed, changed, report.noop || noop_);
  }

  bool noop_;
  daemon::RunLog log_;
};

int receive(bool noop, bool debug) {
  std::ios::sync_with_stdio(false);
  daemon::RunLog console = make_run_log(false, debug);
  std::cout << "Notice: ready to receive resources in YAML representation (one per line)..."
            << std::endl;
  // As the face: from here on, warnings and errors only (and debug lines when asked for).
  daemon::RunLog log = [console, debug](const std::string& level, const std::string& message) {
    if (level == "warning" || level == "err" || (debug && level == "debug"))
      console(level, message);
  };
  Receiver receiver(noop, log);
  for (std::string line; std::getline(std::cin, line);) {
    if (!std::cin.eof()) line += '\n';
    // Text from the system (an error, a command's output) may not be UTF-8 either: replaced.
    std::cout << receiver.apply_line(line).dump(-1, ' ', false, Json::error_handler_t::replace)
              << '\n'
              << std::flush;
  }
  return 0;
}

}  // namespace

int run_yamlresource(const std::vector<std::string>& words) {
  Arguments args(words, {}, {"noop", "debug"});
  const auto& positionals = args.positionals();
  if (positionals.empty() || positionals[0] != "receive")
    throw UsageError("give the action: receive");
  if (positionals.size() > 1) throw UsageError("unexpected argument '" + positionals[1] + "'");
  return receive(args.flag("noop"), args.flag("debug"));
}

}  // namespace marionette::cli
