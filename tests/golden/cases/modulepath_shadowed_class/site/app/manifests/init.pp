class app { notify { 'app from site': } }
