/** SigV4 against the AWS documentation's example (S3 "Example: GET Object", header-based auth). */
import { describe, expect, it } from 'vitest';
import { signV4, sha256Hex } from './sigv4.js';

describe('signV4', () => {
  it('signs the documented GET Object example to the documented signature', () => {
    const headers = signV4({
      method: 'GET',
      path: '/test.txt',
      host: 'examplebucket.s3.amazonaws.com',
      headers: { Range: 'bytes=0-9' },
      payloadHash: sha256Hex(''),
      amzDate: '20130524T000000Z',
      region: 'us-east-1',
      accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
    });
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,' +
        'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });
});
