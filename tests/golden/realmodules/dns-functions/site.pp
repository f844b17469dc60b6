# real-module case dns-functions (module Ruby function (3.x)), from scripts/real-modules-cases.yaml
notify { 'arpa': message => get_in_addr_arpa('192.168.10.0/24') }
