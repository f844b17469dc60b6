# call() with a first argument that is neither a name nor a Deferred.
$x = call(3)
