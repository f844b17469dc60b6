class app { notify { 'app from modules': } }
