/**
 * Settings header: cover and avatar (each a button that opens its upload popup), full name,
 * @userName and a View Channel link. Owns the two image-upload actors and their toasts.
 */
import { useActorRef } from '@xstate/react';
import { notify } from '../../notify';
import { Link } from 'wouter';
import styled from 'styled-components';
import type { User } from '../../../contract/shapes';
import { imageUploadMachine } from '../../../machines/image-upload.machine';
import { MESSAGES } from '../../../machines/messages';
import { usePageActors } from '../../actors';
import { accountActors } from '../../api/account';
import { useSessionRef } from '../../session';
import { buttonStyle, type ButtonVariant } from '../../ui/button';
import { EditIcon } from '../../ui/icons';
import { ImageUploadPopup, type ImageUploadRef } from './image-upload-popup';
import { useEmitted } from '../../use-emitted';

const Cover = styled.button`
  position: relative;
  display: block;
  width: 100%;
  aspect-ratio: 5 / 1;
  min-height: 110px;
  padding: 0;
  border: none;
  border-radius: ${({ theme }) => theme.radii.lg};
  overflow: hidden;
  background: ${({ theme }) => theme.colors.surfaceRaised};
  cursor: pointer;
  img {
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
`;
const Badge = styled.span`
  position: absolute;
  right: 10px;
  bottom: 10px;
  display: inline-flex;
  align-items: center;
  gap: 6px;
  padding: 6px 10px;
  border-radius: ${({ theme }) => theme.radii.round};
  background: rgba(0, 0, 0, 0.6);
  color: #fff;
  font-size: 13px;
`;
const Row = styled.div`
  display: flex;
  align-items: flex-end;
  gap: 16px;
  flex-wrap: wrap;
  margin: -40px 0 20px 16px;
  position: relative;
`;
const AvatarButton = styled.button`
  position: relative;
  width: 104px;
  height: 104px;
  padding: 0;
  border: 4px solid ${({ theme }) => theme.colors.bg};
  border-radius: 50%;
  overflow: hidden;
  background: ${({ theme }) => theme.colors.surfaceRaised};
  cursor: pointer;
  flex: none;
  img {
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
  span {
    position: absolute;
    inset: auto 0 0 0;
    padding: 2px 0 6px;
    background: rgba(0, 0, 0, 0.55);
    color: #fff;
    display: grid;
    place-items: center;
  }
`;
const Names = styled.div`
  flex: 1;
  min-width: 160px;
  h1 {
    margin: 0;
    font-size: 24px;
    overflow-wrap: anywhere;
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;
const ViewChannel = styled.a<{ $variant?: ButtonVariant }>`
  ${buttonStyle}
`;

function useUploadToasts(actor: ImageUploadRef) {
  const session = useSessionRef();
  useEmitted(actor, {
    uploaded: ({ kind, user }) => {
      session.send({ type: 'USER_UPDATED', user });
      notify.success(kind === 'avatar' ? MESSAGES.avatarChanged : MESSAGES.coverChanged);
    },
    uploadFailed: ({ kind }) =>
      notify.error(kind === 'avatar' ? MESSAGES.avatarChangeFailed : MESSAGES.coverChangeFailed),
  });
}

export function ProfileImages({ user }: { user: User }) {
  const { uploadImage } = usePageActors(accountActors);
  const logic = imageUploadMachine.provide({ actors: { uploadImage } });
  const avatar = useActorRef(logic, { input: { kind: 'avatar' } });
  const cover = useActorRef(logic, { input: { kind: 'cover' } });
  useUploadToasts(avatar);
  useUploadToasts(cover);

  return (
    <>
      <Cover
        type="button"
        aria-label="Change cover image"
        onClick={() => cover.send({ type: 'OPEN' })}
      >
        <img src={user.coverImage || '/default-cover.png'} alt="" />
        <Badge>
          <EditIcon size={16} /> Change cover
        </Badge>
      </Cover>
      <Row>
        <AvatarButton
          type="button"
          aria-label="Change avatar"
          onClick={() => avatar.send({ type: 'OPEN' })}
        >
          <img src={user.avatar || '/default-avatar.png'} alt="" />
          <span>
            <EditIcon size={16} />
          </span>
        </AvatarButton>
        <Names>
          <h1>{user.fullName}</h1>
          <p>@{user.userName}</p>
        </Names>
        <Link href={`/Channel/${user.userName}`} asChild>
          <ViewChannel $variant="secondary">View Channel</ViewChannel>
        </Link>
      </Row>
      <ImageUploadPopup actor={avatar} />
      <ImageUploadPopup actor={cover} />
    </>
  );
}
