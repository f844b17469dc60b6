widget { 'a': provider => 'ruby' }
