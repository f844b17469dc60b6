class loaddata {}
