# validate_cmd: the command refuses the content (its output and status join stdlib's message).
$content = "hello\n"
validate_cmd($content, '/bin/grep -q nothere %')
