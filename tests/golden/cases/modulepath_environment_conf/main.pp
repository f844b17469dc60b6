include app, other
