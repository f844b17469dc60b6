include app
app::conf { 'c': }
