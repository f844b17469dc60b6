class other { notify { 'other from modules': } }
