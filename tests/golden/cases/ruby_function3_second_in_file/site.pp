# A function that a 3.x function file defines beside the one named after the file is called
# through call_function by its name once the file is loaded; a statement function gives nil.
notify { 'flags': message => flags_of({ 'user' => "o'brien", 'host' => 'web1' }) }
