class app::extra { notify { 'shadowed': } }
