# tag() checks its names as the metaparameter does.
class c {
  tag('bad tag!')
}
include c
