# real-module case archive-functions (module Ruby functions (4.x, 3.x)), from scripts/real-modules-cases.yaml
notify { 'artifactory': message => String(archive::parse_artifactory_url('https://repo.example.com/artifactory/libs-release-local/org/demo/app/1.0/app-1.0.tar.gz')) }
notify { 'nexus': message => assemble_nexus_url('https://nexus.example.com', {'g' => 'org.demo', 'a' => 'app', 'v' => '1.0', 'r' => 'releases', 'p' => 'tar.gz'}) }
