include app::extra
