# A Resource API type has no `provider` parameter, even with a provider directory.
keyring_entry { 'db': provider => 'keyring_entry' }
