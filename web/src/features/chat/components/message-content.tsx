import { List, Text } from '@mantine/core';
import { Fragment } from 'react';
import { emphasis, messageBlocks } from './message-blocks.ts';

function Inline({ line }: { line: string }) {
  return emphasis(line).map((part, index) => (part.strong ? <strong key={index}>{part.text}</strong> : <Fragment key={index}>{part.text}</Fragment>));
}

/** A message's text with its simple lists as real lists; always escaped text, never HTML. */
export function MessageContent({ text }: { text: string }) {
  return messageBlocks(text).map((block, index) => {
    if (block.type === 'paragraph') {
      return (
        <Text key={index} component="p" my={4} style={{ overflowWrap: 'anywhere' }}>
          {block.lines.map((line, n) => (
            <Fragment key={n}>
              {n > 0 && <br />}
              <Inline line={line} />
            </Fragment>
          ))}
        </Text>
      );
    }
    return (
      <List
        key={index}
        type={block.type === 'numbers' ? 'ordered' : 'unordered'}
        start={block.type === 'numbers' ? block.start : undefined}
        my={4}
        spacing={2}
        withPadding
        style={{ overflowWrap: 'anywhere' }}
      >
        {block.items.map((item, n) => (
          <List.Item key={n}>
            <Inline line={item} />
          </List.Item>
        ))}
      </List>
    );
  });
}
