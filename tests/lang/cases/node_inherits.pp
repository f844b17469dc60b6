node foo inherits bar {}
