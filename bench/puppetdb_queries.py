"""The queries the PuppetDB reference asks both PuppetDB 7.12 and marionette server: written
from PuppetDB's v4 query documentation (each endpoint, each operator, subqueries, paging, PQL,
and refusals). Each is {name, path, params, method} plus `ordered` when the answer's order is
the query's (order_by), so that a comparison of unordered answers ignores the order."""
import json
import random

Q = "/pdb/query/v4"


def q(name, path, query=None, method="GET", **params):
    p = {}
    if method == "POST":  # a JSON body: the values as they are
        if query is not None:
            p["query"] = query
        p.update(params)
    else:  # URL parameters: JSON text
        if query is not None:
            p["query"] = query if isinstance(query, str) else json.dumps(query)
        for key, value in params.items():
            p[key] = value if isinstance(value, str) else json.dumps(value)
    return {"name": name, "path": path, "params": p, "method": method,
            "ordered": "order_by" in p or (isinstance(query, str) and "order by" in query)}


def queries():
    out = []
    add = out.append
    web1, db1 = "web1.example.com", "db1.example.com"

    # nodes
    add(q("nodes_all", Q + "/nodes"))
    add(q("nodes_eq_certname", Q + "/nodes", ["=", "certname", web1]))
    add(q("nodes_regex", Q + "/nodes", ["~", "certname", "^web"]))
    add(q("nodes_regex_none", Q + "/nodes", ["~", "certname", "^zzz"]))
    add(q("nodes_not", Q + "/nodes", ["not", ["=", "certname", web1]]))
    add(q("nodes_or", Q + "/nodes", ["or", ["=", "certname", web1], ["=", "certname", db1]]))
    add(q("nodes_and", Q + "/nodes", ["and", ["~", "certname", "example"], ["=", "catalog_environment", "staging"]]))
    add(q("nodes_null_catalog", Q + "/nodes", ["null?", "catalog_timestamp", True]))
    add(q("nodes_not_null_report", Q + "/nodes", ["null?", "report_timestamp", False]))
    add(q("nodes_status_failed", Q + "/nodes", ["=", "latest_report_status", "failed"]))
    add(q("nodes_status_changed", Q + "/nodes", ["=", "latest_report_status", "changed"]))
    add(q("nodes_report_env", Q + "/nodes", ["=", "report_environment", "production"]))
    add(q("nodes_facts_env", Q + "/nodes", ["=", "facts_environment", "staging"]))
    add(q("nodes_noop", Q + "/nodes", ["=", "latest_report_noop", False]))
    add(q("nodes_corrective", Q + "/nodes", ["=", "latest_report_corrective_change", True]))
    add(q("nodes_cached_status", Q + "/nodes", ["=", "cached_catalog_status", "not_used"]))
    add(q("nodes_report_ts_gt", Q + "/nodes", [">", "report_timestamp", "2026-11-28T10:02:20.000Z"]))
    add(q("nodes_report_ts_lt", Q + "/nodes", ["<", "report_timestamp", "2026-11-28T10:02:40Z"]))
    add(q("nodes_report_ts_ge", Q + "/nodes", [">=", "report_timestamp", "2026-11-28T10:02:31.000Z"]))
    add(q("nodes_report_ts_le", Q + "/nodes", ["<=", "report_timestamp", "2026-11-28T10:02:31.000Z"]))
    add(q("nodes_fact_legacy", Q + "/nodes", ["=", ["fact", "kernel"], "Linux"]))
    add(q("nodes_fact_legacy_num", Q + "/nodes", [">", ["fact", "uptime_seconds"], 1000]))
    add(q("nodes_fact_legacy_regex", Q + "/nodes", ["~", ["fact", "hostname"], "^w"]))
    add(q("nodes_in_array", Q + "/nodes", ["in", "certname", ["array", [web1, db1, "nobody"]]]))
    add(q("nodes_in_select_facts", Q + "/nodes",
          ["in", "certname", ["extract", "certname", ["select_facts", ["and", ["=", "name", "role"], ["=", "value", "db"]]]]]))
    add(q("nodes_in_select_resources", Q + "/nodes",
          ["in", "certname", ["extract", "certname", ["select_resources", ["and", ["=", "type", "Class"], ["=", "title", "Apache"]]]]]))
    add(q("nodes_in_select_fact_contents", Q + "/nodes",
          ["in", "certname", ["extract", "certname", ["select_fact_contents", ["and", ["=", "path", ["os", "release", "major"]], ["=", "value", "12"]]]]]))
    add(q("nodes_subquery_facts", Q + "/nodes", ["subquery", "facts", ["and", ["=", "name", "virtual"], ["=", "value", "kvm"]]]))
    add(q("nodes_subquery_resources", Q + "/nodes", ["subquery", "resources", ["=", "type", "Service"]]))
    add(q("nodes_subquery_reports", Q + "/nodes", ["subquery", "reports", ["=", "status", "changed"]]))
    add(q("nodes_extract", Q + "/nodes", ["extract", ["certname", "facts_environment"]]))
    add(q("nodes_extract_query", Q + "/nodes", ["extract", "certname", ["~", "certname", "web"]]))
    add(q("nodes_count", Q + "/nodes", ["extract", [["function", "count"]]]))
    add(q("nodes_count_by_env", Q + "/nodes", ["extract", [["function", "count"], "facts_environment"], ["null?", "certname", False], ["group_by", "facts_environment"]]))
    add(q("nodes_order_desc", Q + "/nodes", order_by=[{"field": "certname", "order": "desc"}]))
    add(q("nodes_order_asc_limit", Q + "/nodes", order_by=[{"field": "certname"}], limit=2))
    add(q("nodes_order_offset", Q + "/nodes", order_by=[{"field": "certname"}], offset=1, limit=2))
    add(q("nodes_total", Q + "/nodes", include_total=True, limit=1, order_by=[{"field": "certname"}]))
    add(q("nodes_order_two", Q + "/nodes", order_by=[{"field": "facts_environment", "order": "desc"}, {"field": "certname", "order": "asc"}]))
    add(q("nodes_inactive", Q + "/nodes", ["=", "node_state", "inactive"]))
    add(q("nodes_any", Q + "/nodes", ["=", "node_state", "any"]))
    add(q("nodes_deactivated_notnull", Q + "/nodes", ["null?", "deactivated", False]))
    add(q("nodes_deactivated_any", Q + "/nodes", ["and", ["=", "node_state", "any"], ["null?", "deactivated", False]]))
    add(q("nodes_one", Q + "/nodes/" + web1))
    add(q("nodes_one_missing", Q + "/nodes/nobody.example.com"))
    add(q("nodes_one_facts", Q + "/nodes/" + web1 + "/facts"))
    add(q("nodes_one_fact", Q + "/nodes/" + web1 + "/facts/kernel"))
    add(q("nodes_one_fact_value", Q + "/nodes/" + web1 + "/facts/kernel/Linux"))
    add(q("nodes_one_resources", Q + "/nodes/" + web1 + "/resources"))
    add(q("nodes_one_resources_type", Q + "/nodes/" + web1 + "/resources/Class"))
    add(q("nodes_one_resources_title", Q + "/nodes/" + web1 + "/resources/File/%2Fetc%2Fmotd"))

    # facts
    add(q("facts_name", Q + "/facts", ["=", "name", "kernel"]))
    add(q("facts_name_value", Q + "/facts", ["and", ["=", "name", "role"], ["=", "value", "web"]]))
    add(q("facts_value_bool", Q + "/facts", ["and", ["=", "name", "is_virtual"], ["=", "value", True]]))
    add(q("facts_value_int", Q + "/facts", ["and", ["=", "name", "processorcount"], ["=", "value", 3]]))
    add(q("facts_value_float", Q + "/facts", ["and", ["=", "name", "load_average"], ["=", "value", 0.5]]))
    add(q("facts_value_gt", Q + "/facts", ["and", ["=", "name", "uptime_seconds"], [">", "value", 600]]))
    add(q("facts_value_ge", Q + "/facts", ["and", ["=", "name", "uptime_seconds"], [">=", "value", 600]]))
    add(q("facts_value_lt", Q + "/facts", ["and", ["=", "name", "uptime_seconds"], ["<", "value", 600]]))
    add(q("facts_value_le_float", Q + "/facts", ["and", ["=", "name", "load_average"], ["<=", "value", 0.5]]))
    add(q("facts_value_regex", Q + "/facts", ["and", ["=", "name", "hostname"], ["~", "value", "^(web|db)"]]))
    add(q("facts_name_regex", Q + "/facts", ["and", ["~", "name", "^kernel"], ["=", "certname", web1]]))
    add(q("facts_structured_value", Q + "/facts", ["and", ["=", "name", "os"], ["=", "certname", db1]]))
    add(q("facts_certname", Q + "/facts", ["=", "certname", db1]))
    add(q("facts_environment", Q + "/facts", ["and", ["=", "environment", "staging"], ["=", "name", "fqdn"]]))
    add(q("facts_not", Q + "/facts", ["and", ["=", "name", "role"], ["not", ["=", "value", "web"]]]))
    add(q("facts_in_array", Q + "/facts", ["and", ["in", "name", ["array", ["kernel", "domain"]]], ["=", "certname", web1]]))
    add(q("facts_or", Q + "/facts", ["or", ["=", "name", "virtual"], ["=", "name", "role"]]))
    add(q("facts_extract", Q + "/facts", ["extract", ["certname", "value"], ["=", "name", "fqdn"]]))
    add(q("facts_count_by_name", Q + "/facts", ["extract", [["function", "count"], "name"], ["~", "name", "^(kernel|role|os)$"], ["group_by", "name"]]))
    add(q("facts_count_by_value", Q + "/facts", ["extract", [["function", "count"], "value"], ["=", "name", "role"], ["group_by", "value"]]))
    add(q("facts_avg", Q + "/facts", ["extract", [["function", "avg", "value"]], ["=", "name", "uptime_seconds"]]))
    add(q("facts_min_max", Q + "/facts", ["extract", [["function", "min", "value"], ["function", "max", "value"]], ["=", "name", "processorcount"]]))
    add(q("facts_sum", Q + "/facts", ["extract", [["function", "sum", "value"]], ["=", "name", "processorcount"]]))
    add(q("facts_subquery_nodes", Q + "/facts", ["and", ["=", "name", "role"], ["subquery", "nodes", ["=", "latest_report_status", "failed"]]]))
    add(q("facts_in_from", Q + "/facts", ["and", ["=", "name", "fqdn"], ["in", "certname", ["from", "resources", ["extract", "certname", ["=", "type", "Service"]]]]]))
    add(q("facts_order_limit", Q + "/facts", ["=", "name", "uptime_seconds"], order_by=[{"field": "value", "order": "desc"}], limit=2))
    add(q("facts_order_certname", Q + "/facts", ["=", "name", "hostname"], order_by=[{"field": "certname"}]))
    add(q("facts_by_name_path", Q + "/facts/role"))
    add(q("facts_by_name_value_path", Q + "/facts/role/web"))
    add(q("facts_by_name_path_query", Q + "/facts/role", ["=", "certname", db1]))
    add(q("facts_post", Q + "/facts", method="POST", query=["=", "name", "domain"]))
    add(q("facts_inactive", Q + "/facts", ["and", ["=", "name", "role"], ["=", "node_state", "inactive"]]))

    # fact-contents
    add(q("fc_path", Q + "/fact-contents", ["=", "path", ["os", "family"]]))
    add(q("fc_path_value", Q + "/fact-contents", ["and", ["=", "path", ["os", "release", "major"]], ["=", "value", "12"]]))
    add(q("fc_path_regex", Q + "/fact-contents", ["~>", "path", ["networking", "interfaces", ".*", "mtu"]]))
    add(q("fc_path_regex_value", Q + "/fact-contents", ["and", ["~>", "path", ["networking", "interfaces", "eth.*", "mtu"]], [">", "value", 1500]]))
    add(q("fc_array_index", Q + "/fact-contents", ["and", ["=", "path", ["ssh_keys", 0]], ["=", "certname", web1]]))
    add(q("fc_name", Q + "/fact-contents", ["and", ["=", "name", "mountpoints"], ["=", "certname", db1]]))
    add(q("fc_value_regex", Q + "/fact-contents", ["and", ["=", "name", "networking"], ["~", "value", "^192\\."]]))
    add(q("fc_value_int", Q + "/fact-contents", ["and", ["=", "name", "memory"], [">", "value", 10000000000]]))
    add(q("fc_certname", Q + "/fact-contents", ["and", ["=", "certname", "mail.example.com"], ["=", "name", "os"]]))
    add(q("fc_extract", Q + "/fact-contents", ["extract", ["certname", "value"], ["=", "path", ["networking", "primary"]]]))
    add(q("fc_empty_map", Q + "/fact-contents", ["=", "name", "empty_map"]))
    add(q("fc_bool_leaf", Q + "/fact-contents", ["and", ["=", "path", ["is_virtual"]], ["=", "value", False]]))
    add(q("fc_subquery_facts", Q + "/fact-contents", ["and", ["=", "path", ["role"]], ["in", "certname", ["extract", "certname", ["select_nodes", ["=", "catalog_environment", "staging"]]]]]))
    add(q("fc_order", Q + "/fact-contents", ["=", "path", ["uptime_seconds"]], order_by=[{"field": "value"}]))
    add(q("fc_count", Q + "/fact-contents", ["extract", [["function", "count"]], ["=", "name", "trusted"]]))

    # fact-paths and fact-names
    add(q("fp_all", Q + "/fact-paths"))
    add(q("fp_path", Q + "/fact-paths", ["=", "path", ["os", "family"]]))
    add(q("fp_type", Q + "/fact-paths", ["=", "type", "integer"]))
    add(q("fp_regex", Q + "/fact-paths", ["~>", "path", ["memory", ".*", ".*"]]))
    add(q("fp_order", Q + "/fact-paths", ["=", "type", "boolean"], order_by=[{"field": "path"}]))
    add(q("fn_all", Q + "/fact-names"))
    add(q("fn_regex", Q + "/fact-names", ["~", "name", "^k"]))
    add(q("fn_order_desc", Q + "/fact-names", order_by=[{"field": "name", "order": "desc"}], limit=3))

    # inventory
    add(q("inv_all", Q + "/inventory"))
    add(q("inv_dotted", Q + "/inventory", ["=", "facts.os.family", "RedHat"]))
    add(q("inv_dotted_num", Q + "/inventory", [">", "facts.uptime_seconds", 3000]))
    add(q("inv_trusted", Q + "/inventory", ["=", "trusted.extensions.pp_role", "web"]))
    add(q("inv_extract", Q + "/inventory", ["extract", ["certname", "facts.os.release.major"], ["=", "facts.kernel", "Linux"]]))
    add(q("inv_regex", Q + "/inventory", ["~", "facts.hostname", "^(db|mail)"]))
    add(q("inv_null", Q + "/inventory", ["null?", "facts.networking.interfaces.eth1", False]))
    add(q("inv_environment", Q + "/inventory", ["=", "environment", "staging"]))

    # resources
    add(q("res_type", Q + "/resources", ["=", "type", "Class"]))
    add(q("res_type_title", Q + "/resources", ["and", ["=", "type", "Class"], ["=", "title", "Apache"]]))
    add(q("res_tag", Q + "/resources", ["=", "tag", "motd"]))
    add(q("res_tag_upper", Q + "/resources", ["=", "tag", "MOTD"]))
    add(q("res_tag_regex", Q + "/resources", ["~", "tag", "^post"]))
    add(q("res_exported", Q + "/resources", ["=", "exported", True]))
    add(q("res_exported_type", Q + "/resources", ["and", ["=", "exported", True], ["=", "type", "Host"], ["not", ["=", "certname", web1]]]))
    add(q("res_param", Q + "/resources", ["=", "parameters.ensure", "running"]))
    add(q("res_param_num", Q + "/resources", ["=", "parameters.port", 81]))
    add(q("res_param_bool", Q + "/resources", ["=", "parameters.enable", True]))
    add(q("res_param_regex", Q + "/resources", ["~", "parameters.content", "web2"]))
    add(q("res_param_null", Q + "/resources", ["and", ["=", "type", "Class"], ["null?", "parameters.port", False]]))
    add(q("res_file", Q + "/resources", ["and", ["~", "file", "staging"], ["=", "type", "File"]]))
    add(q("res_line", Q + "/resources", ["=", "line", 20]))
    add(q("res_line_gt", Q + "/resources", ["and", [">", "line", 10], ["=", "certname", db1]]))
    add(q("res_title_regex", Q + "/resources", ["~", "title", "^/etc"]))
    add(q("res_environment", Q + "/resources", ["and", ["=", "environment", "staging"], ["=", "type", "Package"]]))
    add(q("res_certname", Q + "/resources", ["=", "certname", "web2.example.com"]))
    add(q("res_extract", Q + "/resources", ["extract", ["certname", "title"], ["=", "type", "Service"]]))
    add(q("res_count_by_type", Q + "/resources", ["extract", [["function", "count"], "type"], ["=", "exported", False], ["group_by", "type"]]))
    add(q("res_subquery_facts", Q + "/resources", ["and", ["=", "type", "Package"], ["subquery", "facts", ["and", ["=", "name", "role"], ["=", "value", "db"]]]]))
    add(q("res_in_select_nodes", Q + "/resources", ["and", ["=", "type", "File"], ["in", "certname", ["extract", "certname", ["select_nodes", ["=", "latest_report_status", "changed"]]]]]))
    add(q("res_order", Q + "/resources", ["=", "type", "Package"], order_by=[{"field": "certname", "order": "desc"}]))
    add(q("res_order_title", Q + "/resources", ["=", "certname", web1], order_by=[{"field": "type"}, {"field": "title"}]))
    add(q("res_by_type_path", Q + "/resources/Service"))
    add(q("res_by_type_title_path", Q + "/resources/Package/postgresql"))
    add(q("res_by_type_path_query", Q + "/resources/Host", ["=", "exported", True]))
    add(q("res_total", Q + "/resources", ["=", "type", "Class"], include_total=True, limit=2, order_by=[{"field": "certname"}, {"field": "title"}]))
    add(q("res_not_in", Q + "/resources", ["and", ["=", "type", "Class"], ["not", ["in", "title", ["array", ["main", "Settings"]]]]]))

    # edges
    add(q("edges_all_web1", Q + "/edges", ["=", "certname", web1]))
    add(q("edges_relationship", Q + "/edges", ["=", "relationship", "required-by"]))
    add(q("edges_source", Q + "/edges", ["and", ["=", "source_type", "Class"], ["=", "source_title", "main"], ["=", "certname", db1]]))
    add(q("edges_target_regex", Q + "/edges", ["~", "target_title", "^/etc"]))
    add(q("edges_extract", Q + "/edges", ["extract", ["source_title", "target_title"], ["=", "target_type", "Service"]]))

    # catalogs
    add(q("cat_all", Q + "/catalogs"))
    add(q("cat_certname", Q + "/catalogs", ["=", "certname", db1]))
    add(q("cat_environment", Q + "/catalogs", ["=", "environment", "production"]))
    add(q("cat_version", Q + "/catalogs", ["=", "version", "1764320001"]))
    add(q("cat_extract", Q + "/catalogs", ["extract", ["certname", "catalog_uuid", "transaction_uuid"]]))
    add(q("cat_producer", Q + "/catalogs", ["=", "producer", "puppet.example.com"]))
    add(q("cat_one", Q + "/catalogs/" + web1))
    add(q("cat_one_missing", Q + "/catalogs/mail.example.com"))
    add(q("cat_one_resources", Q + "/catalogs/" + web1 + "/resources"))
    add(q("cat_one_edges", Q + "/catalogs/" + web1 + "/edges"))

    # reports
    add(q("rep_all_extract", Q + "/reports", ["extract", ["certname", "status", "start_time", "end_time", "configuration_version"]]))
    add(q("rep_certname", Q + "/reports", ["=", "certname", web1]))
    add(q("rep_status", Q + "/reports", ["=", "status", "failed"]))
    add(q("rep_latest", Q + "/reports", ["extract", ["certname", "status"], ["=", "latest_report?", True]]))
    add(q("rep_not_latest", Q + "/reports", ["extract", ["certname", "status"], ["=", "latest_report?", False]]))
    add(q("rep_corrective", Q + "/reports", ["extract", ["certname"], ["=", "corrective_change", True]]))
    add(q("rep_start_gt", Q + "/reports", ["extract", ["certname", "start_time"], [">", "start_time", "2026-11-28T10:02:00.500Z"]]))
    add(q("rep_end_le", Q + "/reports", ["extract", ["certname", "end_time"], ["<=", "end_time", "2026-11-28T10:02:30Z"]]))
    add(q("rep_environment", Q + "/reports", ["extract", ["certname", "environment"], ["=", "environment", "staging"]]))
    add(q("rep_puppet_version", Q + "/reports", ["extract", ["certname", "puppet_version", "report_format"], ["~", "puppet_version", "^7"]]))
    add(q("rep_noop", Q + "/reports", ["extract", ["certname"], ["=", "noop", False]]))
    add(q("rep_type", Q + "/reports", ["extract", ["certname", "type"], ["=", "type", "agent"]]))
    add(q("rep_count_status", Q + "/reports", ["extract", [["function", "count"], "status"], ["null?", "status", False], ["group_by", "status"]]))
    add(q("rep_order", Q + "/reports", ["extract", ["certname", "start_time"]], order_by=[{"field": "start_time", "order": "desc"}, {"field": "certname"}]))
    add(q("rep_subquery_events", Q + "/reports", ["extract", ["certname"], ["subquery", "events", ["=", "status", "failure"]]]))
    add(q("rep_cached", Q + "/reports", ["extract", ["certname", "cached_catalog_status"], ["=", "cached_catalog_status", "not_used"]]))
    add(q("rep_uuid", Q + "/reports", ["extract", ["certname", "transaction_uuid", "catalog_uuid"], ["=", "catalog_uuid", "000000ca-0000-4000-8000-0000000000ca"]]))

    # events
    add(q("ev_all", Q + "/events"))
    add(q("ev_status", Q + "/events", ["=", "status", "failure"]))
    add(q("ev_resource_type", Q + "/events", ["=", "resource_type", "File"]))
    add(q("ev_title_regex", Q + "/events", ["~", "resource_title", "^post"]))
    add(q("ev_property", Q + "/events", ["=", "property", "content"]))
    add(q("ev_containing_class", Q + "/events", ["=", "containing_class", "Postgresql"]))
    add(q("ev_corrective", Q + "/events", ["=", "corrective_change", True]))
    add(q("ev_timestamp", Q + "/events", [">", "timestamp", "2026-11-28T10:02:10.500Z"]))
    add(q("ev_latest", Q + "/events", ["=", "latest_report?", True]))
    add(q("ev_certname", Q + "/events", ["=", "certname", web1]))
    add(q("ev_extract", Q + "/events", ["extract", ["certname", "status", "message"], ["null?", "message", False]]))
    add(q("ev_count", Q + "/events", ["extract", [["function", "count"], "status"], ["null?", "status", False], ["group_by", "status"]]))
    add(q("ev_new_value", Q + "/events", ["=", "new_value", "running"]))
    add(q("ev_environment", Q + "/events", ["=", "environment", "staging"]))

    # environments and producers
    add(q("env_all", Q + "/environments"))
    add(q("env_eq", Q + "/environments", ["=", "name", "staging"]))
    add(q("env_regex", Q + "/environments", ["~", "name", "^prod"]))
    add(q("env_one", Q + "/environments/production"))
    add(q("env_one_missing", Q + "/environments/nowhere"))
    add(q("env_facts", Q + "/environments/staging/facts", ["=", "name", "role"]))
    add(q("env_resources", Q + "/environments/staging/resources", ["=", "type", "Package"]))
    add(q("env_subquery_facts", Q + "/environments", ["subquery", "facts", ["and", ["=", "name", "role"], ["=", "value", "mail"]]]))
    add(q("prod_all", Q + "/producers"))
    add(q("prod_eq", Q + "/producers", ["=", "name", "puppet2.example.com"]))
    add(q("prod_one", Q + "/producers/puppet.example.com"))

    # the root endpoint: AST with from, PQL
    add(q("root_from_nodes", Q, ["from", "nodes", ["=", "certname", web1]]))
    add(q("root_from_extract", Q, ["from", "facts", ["extract", ["certname", "value"], ["=", "name", "role"]]]))
    add(q("root_from_paging", Q, ["from", "nodes", ["order_by", [["certname", "desc"]]], ["limit", 2]]))
    add(q("root_from_offset", Q, ["from", "nodes", ["order_by", ["certname"]], ["offset", 2]]))
    add(q("root_post", Q, method="POST", query=["from", "resources", ["=", "type", "Service"]]))
    add(q("pql_nodes", Q, "nodes {}"))
    add(q("pql_nodes_extract", Q, "nodes[certname] { }"))
    add(q("pql_facts_subquery", Q, "nodes[certname] { facts { name = \"role\" and value = \"web\" } }"))
    add(q("pql_resources_title", Q, "resources[title] { type = \"Class\" }"))
    add(q("pql_inventory", Q, "inventory[certname] { facts.os.family = \"Debian\" }"))
    add(q("pql_not_equal", Q, "nodes[certname] { certname != \"web1.example.com\" }"))
    add(q("pql_not_regex", Q, "nodes[certname] { !(certname ~ \"web\") }"))
    add(q("pql_regex_neg", Q, "nodes[certname] { certname !~ \"web\" }"))
    add(q("pql_is_null", Q, "nodes[certname] { catalog_timestamp is null }"))
    add(q("pql_is_not_null", Q, "nodes[certname] { report_timestamp is not null }"))
    add(q("pql_in_array", Q, "nodes[certname] { certname in [\"web1.example.com\", \"db1.example.com\"] }"))
    add(q("pql_in_subquery", Q, "nodes[certname] { certname in resources[certname] { type = \"Service\" and title = \"apache\" } }"))
    add(q("pql_order_limit", Q, "nodes[certname] { order by certname desc limit 2 }"))
    add(q("pql_offset", Q, "nodes[certname] { order by certname offset 3 }"))
    add(q("pql_count_group", Q, "facts[name, count()] { name ~ \"^(os|role)$\" group by name }"))
    add(q("pql_fact_contents_path", Q, "fact_contents[certname, value] { path ~> [\"networking\", \"interfaces\", \"eth1\", \"ip\"] }"))
    add(q("pql_events", Q, "events[certname, status] { status = \"failure\" }"))
    add(q("pql_reports_latest", Q, "reports[certname, status] { latest_report? = true }"))
    add(q("pql_numbers", Q, "facts[certname, value] { name = \"uptime_seconds\" and value >= 600 and value < 100000 }"))
    add(q("pql_bool", Q, "facts[certname] { name = \"is_virtual\" and value = false }"))
    add(q("pql_or_and", Q, "nodes[certname] { (certname ~ \"^web\" or certname ~ \"^db\") and latest_report_status = \"unchanged\" }"))
    add(q("pql_parameters", Q, "resources[certname, title] { parameters.ensure = \"latest\" }"))
    add(q("pql_exported", Q, "resources[certname, type, title] { exported = true and type = \"Sshkey\" }"))
    add(q("pql_edges", Q, "edges[source_title, target_title] { certname = \"db1.example.com\" and relationship = \"contains\" }"))
    add(q("pql_total", Q, "nodes[certname] { order by certname limit 1 }", include_total=True))
    add(q("pql_inactive", Q, "nodes[certname] { node_state = \"inactive\" }"))

    # factsets
    add(q("factsets_all", Q + "/factsets"))
    add(q("factsets_certname", Q + "/factsets", ["=", "certname", web1]))
    add(q("factsets_environment", Q + "/factsets", ["=", "environment", "staging"]))
    add(q("factsets_producer_extract", Q + "/factsets", ["extract", ["certname", "producer"], ["~", "certname", "^web"]]))
    add(q("factsets_order_limit", Q + "/factsets", ["extract", ["certname", "environment"]], order_by=[{"field": "certname", "order": "desc"}], limit=2))
    add(q("factsets_node_facts", Q + "/factsets/" + web1 + "/facts"))
    add(q("factsets_node_facts_unknown", Q + "/factsets/nobody.example.com/facts"))
    add(q("factsets_pql", Q, "factsets[certname] { producer = \"puppet2.example.com\" }"))
    add(q("factsets_pql_ts", Q, "factsets[certname, producer_timestamp] { producer_timestamp > \"2026-11-28T10:00:02.000Z\" order by certname }"))
    add(q("factsets_total", Q + "/factsets", ["extract", ["certname"]], include_total=True, limit=1, order_by=[{"field": "certname"}]))
    add(q("nodes_in_select_factsets", Q + "/nodes", ["in", "certname", ["extract", "certname", ["select_factsets", ["=", "environment", "staging"]]]]))

    # event-counts and aggregate-event-counts
    every = [">", "timestamp", "2026-11-28T00:00:00.000Z"]
    for by in ("certname", "resource", "containing_class"):
        add(q("event_counts_" + by, Q + "/event-counts", every, summarize_by=by))
    add(q("event_counts_latest", Q + "/event-counts", ["=", "latest_report?", True], summarize_by="certname"))
    add(q("event_counts_not_latest", Q + "/event-counts", ["=", "latest_report?", False], summarize_by="certname"))
    add(q("event_counts_no_query", Q + "/event-counts", summarize_by="certname"))
    add(q("event_counts_count_by_certname", Q + "/event-counts", every, summarize_by="resource", count_by="certname"))
    add(q("event_counts_filter", Q + "/event-counts", every, summarize_by="certname", counts_filter=[">", "failures", 0]))
    add(q("event_counts_filter_successes", Q + "/event-counts", every, summarize_by="certname", counts_filter=["=", "successes", 1]))
    add(q("event_counts_status", Q + "/event-counts", ["=", "status", "failure"], summarize_by="resource"))
    add(q("event_counts_one_certname", Q + "/event-counts", ["=", "certname", web1], summarize_by="certname"))
    add(q("event_counts_order", Q + "/event-counts", every, summarize_by="certname", order_by=[{"field": "successes", "order": "desc"}]))
    add(q("err_event_counts_no_summarize", Q + "/event-counts", every))
    add(q("err_event_counts_bad_summarize", Q + "/event-counts", every, summarize_by="nope"))
    for by in ("certname", "resource", "containing_class", "certname,resource"):
        add(q("aggregate_event_counts_" + by.replace(",", "_"), Q + "/aggregate-event-counts", every, summarize_by=by))
    add(q("aggregate_event_counts_latest", Q + "/aggregate-event-counts", ["=", "latest_report?", True], summarize_by="certname"))
    add(q("aggregate_event_counts_filter", Q + "/aggregate-event-counts", every, summarize_by="certname", counts_filter=[">", "failures", 0]))
    add(q("aggregate_event_counts_none", Q + "/aggregate-event-counts", ["=", "certname", "nobody"], summarize_by="certname"))
    add(q("err_aggregate_event_counts_no_summarize", Q + "/aggregate-event-counts", every))

    # packages and package-inventory (replace facts v5's package_inventory)
    add(q("packages_all", Q + "/packages"))
    add(q("packages_name", Q + "/packages", ["=", "package_name", "openssl"]))
    add(q("packages_regex", Q + "/packages", ["~", "package_name", "^puppet"]))
    add(q("packages_provider_order", Q + "/packages", ["=", "provider", "apt"], order_by=[{"field": "package_name"}, {"field": "version", "order": "desc"}]))
    add(q("packages_extract", Q + "/packages", ["extract", ["package_name", "provider"], ["=", "provider", "yum"]]))
    add(q("packages_pql", Q, "packages[package_name, version] { provider = \"apt\" order by package_name, version }"))
    add(q("package_inventory_all", Q + "/package-inventory"))
    add(q("package_inventory_node", Q + "/package-inventory/" + web1))
    add(q("package_inventory_name", Q + "/package-inventory", ["=", "package_name", "apache2"]))
    add(q("package_inventory_pql", Q, "package_inventory[certname] { package_name = \"openssl\" order by certname }"))
    add(q("nodes_with_package", Q, "nodes[certname] { certname in package_inventory[certname] { package_name = \"postgresql-server\" } }"))

    # refusals
    add(q("err_unknown_field", Q + "/nodes", ["=", "nosuchfield", "x"]))
    add(q("err_unknown_operator", Q + "/nodes", ["frobnicate", "certname", "x"]))
    add(q("err_arity", Q + "/nodes", ["=", "certname"]))
    add(q("err_bad_json", Q + "/nodes", "[\"=\", \"certname\""))
    add(q("err_lt_on_string", Q + "/nodes", ["<", "certname", "a"]))
    add(q("err_null_not_bool", Q + "/nodes", ["null?", "certname", "yes"]))
    add(q("err_limit_zero", Q + "/nodes", limit=0))
    add(q("err_limit_text", Q + "/nodes", limit="x"))
    add(q("err_offset_negative", Q + "/nodes", offset=-1))
    add(q("err_order_unknown", Q + "/nodes", order_by=[{"field": "nope"}]))
    add(q("err_order_direction", Q + "/nodes", order_by=[{"field": "certname", "order": "sideways"}]))
    add(q("err_order_not_json", Q + "/nodes", order_by="[{"))
    add(q("err_extract_unknown", Q + "/nodes", ["extract", ["nope"]]))
    add(q("err_pql_syntax", Q, "nodes { certname = }"))
    add(q("err_pql_entity", Q, "nothings {}"))
    add(q("err_root_no_query", Q))
    add(q("err_unknown_entity", Q + "/nothings"))
    add(q("err_subquery_entity", Q + "/nodes", ["in", "certname", ["extract", "certname", ["select_nothings", ["=", "x", 1]]]]))
    add(q("err_regex_not_string", Q + "/nodes", ["~", "certname", 1]))
    add(q("err_fact_contents_field", Q + "/fact-contents", ["=", "nope", 1]))
    add(q("err_resources_field", Q + "/resources", ["=", "nope", 1]))
    return out


def route_edges():
    """Paths beside PuppetDB's routes: unknown ones under /pdb/ (its router redirects them to a
    dashboard below them), empty names, extra segments, trailing slashes. No data needed."""
    Q = "/pdb/query/v4"
    return [
        "/pdb/foo", "/pdb/foo?x=1", "/pdb/", "/pdb/query", "/pdb/query/v5/nodes",
        Q + "/nothings", Q + "/nodes/", Q + "/nodes/a/b", Q + "/nodes//facts",
        Q + "/catalogs/", Q + "/environments/", Q + "/reports/", Q + "/factsets/",
        Q + "/facts/", Q + "/resources/", Q + "/resources/File/x/y", Q + "/events/x",
        Q + "/reports/x/y", Q + "/reports/x/events/z", Q + "/edges/x", Q + "/fact-names/x",
        Q + "/fact-paths/x", Q + "/producers/", Q + "/inventory/x", Q + "/nodes/a/facts/b/c/d",
        "/pdb/meta/v1/version/", "/pdb/meta/v1/version/x", "/pdb/meta/v1/nothing",
        "/pdb/foo/dashboard/index.html", "/pdb/query/v4/nothings%20x",
        Q + "/nodes/nonexistent/facts", Q + "/nodes/nonexistent/resources",
        Q + "/environments/none/facts", Q + "/producers/none/reports", Q + "/catalogs/none/edges",
        Q + "/environments/production/nothing", Q + "/factsets/x/facts", Q + "/factsets/x",
        Q + "/reports/x/events", Q + "/reports/x/metrics", Q + "/reports/x/logs",
        Q + "/resources/File/%2Fetc%2Fx", Q + "/package-inventory/x",
        Q + "/package-inventory/x/y", Q + "/facts/a/b/c", Q + "/fact-contents/x",
        Q + "/nodes/a%2Fb", Q + "/event-counts/x", Q + "/aggregate-event-counts/x",
        Q + "/catalogs/none/resources", Q + "/catalogs/none/x", Q + "/producers/none/x",
        Q + "/environments/none", Q + "/nodes/none/x", Q + "/edges/", Q + "/nodes//",
    ]


PQL_EXTRA = [
    'nodes[certname] { facts.os.family = "Debian" }',
    'inventory[certname] { facts.os.name ~ "Deb" and trusted.extensions.pp_role = "web" }',
    'resources { type = "Class" and title in ["Apache", "Nginx"] limit 10 offset 2 order by title desc }',
    'facts[name, count()] { group by name }',
    'nodes { certname in inventory[certname] { facts.kernel = "Linux" } }',
    'reports { status = "failed" and (noop = true or latest_report? = true) }',
    'nodes { !(certname ~ "^db") }',
    'fact_contents { path ~> ["os", ".*"] and value >= 1.5e3 }',
    'nodes { facts.os.release.major is not null }',
    "events { containing_class = 'Apache' and timestamp > '2020-01-01' }",
]
PQL_SPECIAL = [
    'nodes {\n  certname = "a"\n  and }', 'nodes { certname = "\u00e9\U0001F600" and }',
    'nodes {\r\n certname = }', 'nodes { certname = "' + "x" * 1100 + '" and }',
    'nodes { x = 1 order by asc }', 'nodes { x = 1 order by x, asc }',
    'nodes { x = 1 order by x desc, }', 'nodes { x = 1 limit }', 'nodes { x = 1 limit 1 offset }',
    "facts[name count()] {}", "nothings {}", "producers {}", " nodes {} x", "",
]


def pql_refusal_cases():
    """Malformed PQL and some that is not: prefixes of the PQL queries above and a few more, each
    with a character left out and with one put in (fixed seeds), a sample of them, then a few
    with several lines, non-ASCII text and long lines. PuppetDB's refusals of them are recorded
    by `bench/puppetdb_reference.py record-pql-refusals`."""
    texts = [query["params"]["query"] for query in queries()
             if isinstance(query["params"], dict) and isinstance(query["params"].get("query"), str)
             and not query["params"]["query"].lstrip().startswith("[")] + PQL_EXTRA
    rng = random.Random(7)
    made = set()
    for text in texts:
        for i in range(1, len(text)):
            if rng.random() < 0.25:
                made.add(text[:i])
        for _ in range(6):
            i = rng.randrange(len(text))
            made.add(text[:i] + text[i + 1:])
        for _ in range(6):
            i = rng.randrange(len(text))
            made.add(text[:i] + rng.choice("{}[]()=~!<>,.\"' xa1-") + text[i:])
    return sorted(random.Random(11).sample(sorted(made), 360)) + PQL_SPECIAL
