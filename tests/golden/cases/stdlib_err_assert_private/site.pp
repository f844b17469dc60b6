# A private class declared from outside its module fails: stdlib's assert_private.
include privmod::internal
