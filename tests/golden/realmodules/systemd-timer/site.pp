# real-module case systemd-timer (define), from scripts/real-modules-cases.yaml
systemd::timer { 'backup.timer': timer_content => "[Timer]\nOnCalendar=daily\n", service_content => "[Service]\nExecStart=/usr/bin/true\n" }
