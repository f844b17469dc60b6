# real-module case systemd-service-limits (define), from scripts/real-modules-cases.yaml
systemd::service_limits { 'foo.service': limits => {'LimitNOFILE' => 8192, 'LimitNPROC' => 16384} }
