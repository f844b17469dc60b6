include conf
