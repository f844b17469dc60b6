define foo::listen() { notify { "listen ${title}": } }
