file { "/tmp/x": mode +> "0644" }
