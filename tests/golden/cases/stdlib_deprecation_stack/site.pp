# Under strict=error stdlib's deprecation() raises, naming the first two frames of Puppet's
# stack: the call, then the `include` that evaluated the class from the main manifest.
notify { 'before': }
include dep
