# frozen_string_literal: true

# A type written for the Resource API: two namevars and title patterns with named groups.
require 'puppet/resource_api'

Puppet::ResourceApi.register_type(
  name: 'keyring_entry',
  docs: <<-EOS,
    @summary An entry of a user's keyring.
  EOS
  features: ['simple_get_filter'],
  title_patterns: [
    {
      pattern: %r{^(?<name>.*[^@])@(?<owner>(root|[a-z]+))$},
      desc: 'name@owner',
    },
    {
      pattern: %r{^(?<name>.*)$},
      desc: 'The name alone',
    },
  ],
  attributes: {
    ensure: {
      type: 'Enum[present, absent]',
      desc: 'Whether the entry should be present.',
      default: 'present',
    },
    name: {
      type: 'String',
      desc: 'The entry.',
      behaviour: :namevar,
    },
    owner: {
      type: 'String',
      desc: 'Whose keyring.',
      behaviour: :namevar,
      default: 'root',
    },
    secret: {
      type: 'Optional[Sensitive[String]]',
      desc: 'The secret.',
    },
    created: {
      type: 'String',
      desc: 'When it was made.',
      behaviour: :read_only,
    },
  },
)
