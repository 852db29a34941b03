import { Navigate, useParams } from 'react-router-dom';
import { paths } from '@/shared/config/paths';
import { useCurrentUser } from '@/shared/auth/auth-store';
import { PublicProfilePage } from '../components/public-profile-page';

export function PublicProfileRoute() {
  const { slug } = useParams();
  return slug ? <PublicProfilePage key={slug} slug={slug} /> : <Navigate to={paths.notFound.path} replace />;
}

/** `/profile`: the own profile page. */
export function OwnProfileRoute() {
  const me = useCurrentUser();
  return <Navigate to={me ? paths.profileBySlug.href({ slug: me.slug }) : paths.home.path} replace />;
}
