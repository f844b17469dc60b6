# deep_merge of something else than hashes.
notify { 'x': message => deep_merge({}, [1]) }
