#include "server/api.hpp"

#include <fstream>
#include <nlohmann/json.hpp>

#include "puppetdb/http_api.hpp"
#include "server/authorization.hpp"
#include "server/file_serving.hpp"
#include "server/static_catalog.hpp"
#include "text/whole_line.hpp"

namespace marionette::server {

namespace {

constexpr const char* kPuppetVersion = "7.23.0";  // the agent API we speak

bool valid_environment_name(const std::string& name) {
  if (name.empty()) return false;
  for (char c : name)
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_'))
      return false;
  return true;
}

}  // namespace

HttpResponse puppet_error(int status, const std::string& message, const std::string& issue_kind) {
  nlohmann::ordered_json body = {{"message", message}, {"issue_kind", issue_kind}};
  // What a client sent may be quoted back and may not be UTF-8: replaced, as Ruby's JSON would
  // refuse to write it too.
  // puppetserver's Ruby side answers with its charset (recorded from puppetserver 7.9.5:
  // tests/integration/fixtures/puppetserver_answers).
  return {status,
          "application/json;charset=utf-8",
          body.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace),
          {}};
}

HttpResponse no_handler(const std::string& path) {
  // The answer of puppetserver's web server for a path no service routes, as it writes it.
  const std::string url =
      nlohmann::json(path).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  return {404,
          "application/json",
          "{\n\"message\":\"Not Found\",\n\"url\":" + url + ",\n\"status\":\"404\"\n}",
          {}};
}

HttpResponse text_response(int status, const std::string& body) {
  return {status, "text/plain", body, {}};
}

namespace {

AddressRanges anonymous_metrics_from(const std::string& text) {
  try {
    return AddressRanges(text);
  } catch (const std::invalid_argument& e) {
    throw std::runtime_error(std::string("metrics_anonymous_from: ") + e.what());
  }
}

}  // namespace

Api::Api(const ServerSettings& settings)
    : settings_(settings),
      ca_(settings.ssldir, settings.ca),

      metrics_endpoint_(settings.ssldir),
      fileserver_(std::make_unique<FileServerConfig>(
          settings.fileserverconfig,
          [](const std::string& line) { text::write_whole_line(stderr, line); })) {
  reloadable_ = std::make_shared<const Reloadable>(
      Reloadable{ca::AutosignPolicy(settings.autosign), settings.static_catalogs,
                 anonymous_metrics_from(settings.run.metrics_anonymous_from)});
  init_puppetdb();
}

std::shared_ptr<const Api::Reloadable> Api::current() const {
  std::lock_guard<std::mutex> lock(reloadable_mutex_);
  return reloadable_;
}

void Api::reload_settings(const ReloadableSettings& settings) {
  AddressRanges anonymous;
  try {
    anonymous = AddressRanges(settings.metrics_anonymous_from);
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument(std::string("metrics_anonymous_from: ") + e.what());
  }
  auto next = std::make_shared<const Reloadable>(Reloadable{
      ca::AutosignPolicy(settings.autosign), settings.static_catalogs, std::move(anonymous)});
  std::lock_guard<std::mutex> lock(reloadable_mutex_);
  reloadable_ = std::move(next);
}

namespace {

/// Whether a path has an endpoint here: puppetserver answers its web server's 404 for any other
/// before its auth.conf is asked (the CA's routes aside, which its auth guards as a whole).
bool routed(const std::string& path, bool certificate_authority) {
  if (path.starts_with("/puppet-ca/")) return certificate_authority;
  for (const char* prefix : {"/puppet/v3/catalog/", "/puppet/v3/node/", "/puppet/v3/report/",
                             "/puppet/v3/static_file_content/", "/puppet/v3/file_content/",
                             "/puppet/v3/file_metadata/", "/puppet/v3/file_metadatas/"})
    if (path.starts_with(prefix)) return true;
  return puppetdb::is_puppetdb_path(path) || path == "/metrics" || path == "/status/v1/simple";
}

}  // namespace

HttpResponse Api::handle(const HttpRequest& request, const PeerIdentity& peer,
                         const std::string& client_ip) {
  if (!routed(request.path, settings_.certificate_authority)) {
    HttpResponse response = no_handler(request.path);
    response.headers.emplace_back("X-Puppet-Version", kPuppetVersion);
    metrics_.request_answered(request.path, response.status, false);
    return response;
  }
  AuthDecision decision = authorize(request.method, request.path, peer);
  if (!decision.allowed && decision.rule == "marionette metrics" &&
      current()->metrics_anonymous.contains(client_ip))
    decision.allowed = true;
  HttpResponse response;
  if (!decision.allowed) {
    response = text_response(
        403, forbidden_message(request.method, request.path, peer, client_ip, decision.rule));
  } else {
    try {
      const std::string& path = request.path;
      if (path.starts_with("/puppet-ca/") && !settings_.certificate_authority) {
        // A compile server has no CA service: no handler for its routes.
        response = no_handler(path);
      } else if (path.starts_with("/puppet-ca/v1/")) {
        response = ca_endpoint(request, path.substr(14));
      } else if (path.starts_with("/puppet/v3/catalog/")) {
        response = catalog_endpoint(request, path.substr(19), peer);
      } else if (path.starts_with("/puppet/v3/node/")) {
        response = node_endpoint(request, path.substr(16));
      } else if (path.starts_with("/puppet/v3/report/")) {
        response = report_endpoint(request, path.substr(18));
      } else if (path.starts_with("/puppet/v3/static_file_content/")) {
        response = static_file_content_endpoint(request, path.substr(31));
      } else if (path.starts_with("/puppet/v3/file_")) {
        std::string rest = path.substr(16);
        std::size_t slash = rest.find('/');
        response = slash == std::string::npos ? no_handler(path)
                                              : file_endpoint(request, peer, rest.substr(0, slash),
                                                              rest.substr(slash + 1));
      } else if (puppetdb::is_puppetdb_path(path)) {
        response = puppetdb_endpoint(request, peer);
      } else if (path == "/metrics") {
        response = metrics_endpoint_.answer(request, metrics_, fleet_);
      } else if (path == "/status/v1/simple") {
        response = text_response(200, "running");
      } else {
        response = no_handler(path);
      }
    } catch (const RequestError& e) {
      response = e.response;
    } catch (const std::exception& e) {
      response = puppet_error(500, std::string("Server Error: ") + e.what(), "RUNTIME_ERROR");
    }
  }
  response.headers.emplace_back("X-Puppet-Version", kPuppetVersion);
  metrics_.request_answered(request.path, response.status, !decision.allowed);
  if (response.status >= 500) log_server_error(request, response);
  return response;
}

/// Every 500 in the log with its cause, as puppetserver logs the error behind it: the access
/// log says only the status.
void Api::log_server_error(const HttpRequest& request, const HttpResponse& response) {
  nlohmann::json body = nlohmann::json::parse(response.body, nullptr, false);
  std::string message = body.is_object() && body.contains("message") && body["message"].is_string()
                            ? body["message"].get<std::string>()
                            : response.body.substr(0, 300);
  text::write_whole_line(stderr, "Error: " + request.method + " " + request.path + ": " + message);
}

daemon::RunSettings Api::settings_for(const HttpRequest& request) const {
  auto found = request.query.find("environment");
  std::string name = found == request.query.end() ? settings_.run.environment : found->second;
  if (name == settings_.run.environment) return settings_.run;
  // Puppet's IndirectedRoutes: a name it refuses is a 400, an environment it cannot find a 404.
  if (!valid_environment_name(name))
    throw RequestError(puppet_error(
        400, "Bad Request: The environment must be purely alphanumeric, not '" + name + "'",
        "RUNTIME_ERROR"));
  daemon::RunSettings run = settings_.run;
  run.env_dir.reset();
  run.manifest.reset();
  run.modulepath.reset();
  run.environment = name;
  compiler::EnvironmentSettings where = settings_.environments;
  where.environment = name;
  try {
    daemon::resolve_environment(run, where);
  } catch (const std::runtime_error&) {
    throw RequestError(
        puppet_error(404, "Not Found: Could not find environment '" + name + "'", "RUNTIME_ERROR"));
  }
  return run;
}

FileMounts Api::mounts_for(const daemon::RunSettings& run, const std::string& certname) const {
  return FileMounts(
      run.modulepath ? *run.modulepath
                     : (run.env_dir ? std::vector<std::filesystem::path>{*run.env_dir / "modules"}
                                    : std::vector<std::filesystem::path>{}),
      settings_.fileserverconfig.empty() ? std::map<std::string, DirectoryMount>{}
                                         : fileserver_->mounts(),
      certname);
}

HttpResponse Api::static_file_content_endpoint(const HttpRequest& request,
                                               const std::string& path) {
  // puppetserver's checks, in its order and words (text/plain).
  auto value = [&](const char* name) {
    auto found = request.query.find(name);
    return found == request.query.end() ? std::string() : found->second;
  };
  const std::string environment = value("environment"), code_id = value("code_id");
  if (environment.empty() || code_id.empty() || path.empty())
    return text_response(400,
                         "Error: A /static_file_content request requires an environment, a "
                         "code-id, and a file-path");
  if (!valid_static_file_path(path))
    return text_response(403,
                         "Request Denied: A /static_file_content request must be a file within "
                         "the files directory of a module.");
  // One version of the code is served: the environment's as it is now.
  daemon::RunSettings run = settings_for(request);
  std::error_code error;
  std::filesystem::path file = run.env_dir ? *run.env_dir / path : std::filesystem::path();
  if (file.empty() || !std::filesystem::is_regular_file(file, error))
    return puppet_error(404, "Not Found: Could not find static_file_content " + path,
                        "RESOURCE_NOT_FOUND");
  std::ifstream in(file, std::ios::binary);
  std::string body((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  return {200, "application/octet-stream", std::move(body), {}};
}

HttpResponse Api::file_endpoint(const HttpRequest& request, const PeerIdentity& peer,
                                const std::string& kind, const std::string& mount_path) {
  // puppetserver serves file_content itself and wants the environment named.
  if (kind == "content" && !request.query.count("environment"))
    return text_response(400,
                         "A file_content request must include an `environment` or "
                         "`versioned_project` query parameter.");
  daemon::RunSettings run = settings_for(request);
  FileMounts mounts = mounts_for(run, peer.authenticated ? peer.certname : "");
  MetadataOptions options = metadata_options_from(request.query_pairs);
  auto not_found = [&](const std::string& model) {
    return puppet_error(404, "Not Found: Could not find " + model + " " + mount_path,
                        "RESOURCE_NOT_FOUND");
  };
  if (kind == "content") {
    auto path = mounts.find(mount_path);
    std::error_code error;
    if (!path || !std::filesystem::is_regular_file(*path, error)) return not_found("file_content");
    std::ifstream in(*path, std::ios::binary);
    std::string body((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    return {200, "application/octet-stream", std::move(body), {}};
  }
  if (kind == "metadata") {
    auto path = mounts.find(mount_path);
    if (!path) return not_found("file_metadata");
    return {200, "application/json", file_metadata(*path, options).dump(), {}};
  }
  if (kind == "metadatas") {
    auto roots = mounts.search_roots(mount_path);
    if (!roots)
      return puppet_error(
          404, "Not Found: Could not find instances in file_metadata with '" + mount_path + "'",
          "RESOURCE_NOT_FOUND");
    if (!roots->recursion_allowed) options.recurse = false;
    return {200, "application/json", file_metadatas(roots->dirs, options).dump(), {}};
  }
  return no_handler(request.path);
}

}  // namespace marionette::server
