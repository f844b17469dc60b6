define listen { notify { "listen ${title} ${name}": } }
