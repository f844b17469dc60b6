# real-module case archive-nexus (define whose URL is built in Ruby (assemble_nexus_url)), from scripts/real-modules-cases.yaml
include archive
archive::nexus { '/tmp/app-1.0.tar.gz': url => 'https://nexus.example.com', gav => 'org.demo:app:1.0', repository => 'releases', packaging => 'tar.gz' }
