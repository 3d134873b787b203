import Sift
